export type ModalRequest = {
  options?: string;
  showClose?: boolean;
  showBack?: boolean;
  title?: string;
  detail?: string;
};

const modalParams = ['modal', 'modal_detail', 'title'] as const;

/**
 * The search string that opens a modal on top of the current one (other parameters such as
 * a search query stay). Slashes in `modal` are left readable, as in the spec's
 * `?modal=messaging/no-redirect/true/false`, and spaces in the title become hyphens.
 */
export function buildModalSearch(current: URLSearchParams, name: string, request: ModalRequest = {}) {
  const { options = '', showClose = true, showBack = false, title, detail } = request;
  const params = removeModalParams(current);

  const parts = [name, options, String(showClose), String(showBack)];
  // Trailing defaults are dropped so simple modals keep short URLs: '?modal=messaging'.
  while (parts.length > 1 && parts.at(-1) === ['', '', 'true', 'false'][parts.length - 1]) parts.pop();
  params.set('modal', parts.join('/'));
  if (detail) params.set('modal_detail', detail);
  if (title) params.set('title', title.trim().replaceAll(/\s+/g, '-'));

  return `?${params.toString().replaceAll('%2F', '/')}`;
}

/** A copy of the parameters without those of the modal. */
export function removeModalParams(current: URLSearchParams) {
  const params = new URLSearchParams(current);
  for (const name of modalParams) params.delete(name);
  return params;
}
