import type { ModalBodyProps } from '../../../lib/modals/modal-types';

/** Messaging is not built yet; the spec asks for this notice in its place. */
export default function MessagingModal({ closeModal }: ModalBodyProps) {
  return (
    <>
      <p className="modal__text modal__text--strong">Stagepass is in the early stage of development.</p>
      <p className="modal__text">Messaging will be available soon</p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={closeModal}>
          OK
        </button>
      </div>
    </>
  );
}
