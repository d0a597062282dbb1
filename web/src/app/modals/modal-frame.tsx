import * as Dialog from '@radix-ui/react-dialog';
import { type ComponentType, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import type { ModalQuery } from '../../lib/modals/parse-modal-query';
import { BackIcon, CloseIcon } from '../../ui/icons';
import type { Audience } from '../access/audience';
import { ModalAudienceGate } from '../access/audience-gate';
import './modal.css';

type ModalFrameProps = {
  query: ModalQuery;
  title: string;
  audience: Audience;
  Body: ComponentType<ModalBodyProps>;
  /** 'sheet': pinned to the bottom of a phone's screen, as the spec's tip picker. */
  presentation?: 'sheet';
  closeModal: () => void;
};

/** The dialog around every query-driven modal: title, optional back and close buttons. */
export default function ModalFrame({
  query,
  title,
  audience,
  Body,
  presentation,
  closeModal,
}: ModalFrameProps) {
  const navigate = useNavigate();
  // A body may retitle its dialog as it goes (forgot-password becomes 'Email Sent'). The
  // frame is keyed by modal, so a new modal starts with its own title again.
  const [bodyTitle, setBodyTitle] = useState<string | null>(null);

  return (
    <Dialog.Root open onOpenChange={(isOpen) => isOpen || closeModal()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className={presentation === 'sheet' ? 'modal modal--sheet' : 'modal'}
          aria-describedby={undefined}
        >
          <div className="modal__header">
            {query.showBack ? (
              <button type="button" className="icon-button" aria-label="Back" onClick={() => navigate(-1)}>
                <BackIcon />
              </button>
            ) : null}
            <Dialog.Title className="modal__title">{bodyTitle ?? title}</Dialog.Title>
            {query.showClose ? (
              <Dialog.Close className="icon-button modal__close" aria-label="Close">
                <CloseIcon />
              </Dialog.Close>
            ) : null}
          </div>
          <Suspense fallback={<p className="modal__loading">Loading…</p>}>
            <ModalAudienceGate audience={audience}>
              <Body
                options={query.options}
                detail={query.detail}
                title={bodyTitle ?? title}
                closeModal={closeModal}
                setTitle={setBodyTitle}
              />
            </ModalAudienceGate>
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
