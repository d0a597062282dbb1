import type { ModalBodyProps } from '../../../lib/modals/modal-types';

/** A generic alert: `?modal=alert&title=Card-removed&modal_detail=…`. */
export default function AlertModal({ detail, closeModal }: ModalBodyProps) {
  return (
    <>
      {detail ? <p className="modal__text">{detail}</p> : null}
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={closeModal}>
          OK
        </button>
      </div>
    </>
  );
}
