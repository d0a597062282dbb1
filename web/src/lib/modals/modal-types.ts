/** What every modal body receives from the modal host. */
export type ModalBodyProps = {
  /** The options part of `?modal=name/options/…`; '' when absent. */
  options: string;
  /** The `modal_detail` text; '' when absent. */
  detail: string;
  /** The title in effect (the `title` parameter or the registry's default). */
  title: string;
  /** Closes the modal the way the host does (history back or a URL replace). */
  closeModal: () => void;
  /** Replaces the dialog's title while this body is shown (e.g. 'Email Sent'); null restores it. */
  setTitle: (title: string | null) => void;
};
