import type { ModalBodyProps } from '../modal-types';

/** Stands in for the sign-up and sign-in forms until accounts open. */
export default function AccountsSoonModal({ closeModal }: ModalBodyProps) {
  return (
    <>
      <p className="modal__text modal__text--strong">Stagepass accounts open soon.</p>
      <p className="modal__text">
        Signing up and signing in will be available here shortly. Until then you can browse creators without
        an account.
      </p>
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={closeModal}>
          OK
        </button>
      </div>
    </>
  );
}
