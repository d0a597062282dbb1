/**
 * /find-creators/:query carries the search as 'q=<text>'; the spec's fan brand link
 * sends 'q=nothing' for no search at all.
 */
export function parseFindCreatorsQuery(segment: string | undefined) {
  const text = (segment ?? '').replace(/^q=/, '').trim();
  return text === 'nothing' ? '' : text;
}

export function buildFindCreatorsPath(query: string) {
  const text = query.trim();
  return `/find-creators/q=${text ? encodeURIComponent(text) : 'nothing'}`;
}
