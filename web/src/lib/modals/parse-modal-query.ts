/** What the modal query parameters ask the modal host to show. */
export type ModalQuery = {
  /** The registered modal name, e.g. 'messaging'. */
  component: string;
  /** Free-form options of that modal, e.g. 'no-redirect'; '' when absent. */
  options: string;
  showClose: boolean;
  showBack: boolean;
  /** The `modal_detail` text, e.g. an alert's message; '' when absent. */
  detail: string;
  /** The `title` parameter with hyphens turned into spaces; '' when absent. */
  title: string;
};

/**
 * Reads `?modal=component/options/showClose/showBack&modal_detail=…&title=…` (the spec's
 * query-driven modals). Missing parts default to no options, a close button and no back
 * button. Returns null when no modal is asked for.
 */
export function parseModalQuery(searchParams: URLSearchParams): ModalQuery | null {
  const modal = searchParams.get('modal');
  if (!modal) return null;

  const [component = '', options = '', showClose, showBack] = modal.split('/');
  if (!component) return null;

  return {
    component,
    options,
    showClose: showClose !== 'false',
    showBack: showBack === 'true',
    detail: searchParams.get('modal_detail') ?? '',
    title: (searchParams.get('title') ?? '').replaceAll('-', ' '),
  };
}
