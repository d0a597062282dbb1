/**
 * What every modal body receives from the modal host. `options` is what the modal's parser
 * (modal-options.ts, declared in the registry) made of the options part of
 * `?modal=name/options/…`: the text as it came ('' when absent) unless the parser reads more.
 */
export type ModalBodyProps<TOptions = string> = {
  options: TOptions;
  /** The `modal_detail` text; '' when absent. */
  detail: string;
  /** The title in effect (the `title` parameter or the registry's default). */
  title: string;
  /** Closes the modal the way the host does (history back or a URL replace). */
  closeModal: () => void;
  /** Replaces the dialog's title while this body is shown (e.g. 'Email Sent'); null restores it. */
  setTitle: (title: string | null) => void;
};
