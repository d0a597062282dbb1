import { useEffect } from 'react';

const productName = 'Stagepass';

/** Names the browser tab after the page, e.g. 'Featured creators · Stagepass'. */
export function useDocumentTitle(pageTitle?: string) {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${productName}` : productName;
  }, [pageTitle]);
}
