import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';
import './page.css';

type ComingSoonProps = {
  /** The page's heading, e.g. 'Featured creators'. */
  title: string;
  /** The browser tab title when it should differ from the heading. */
  documentTitle?: string;
  /** What the finished page will hold. */
  description?: ReactNode;
};

/** Stands in for a page whose feature has not been built yet, with the page's real name. */
export function ComingSoon({ title, documentTitle, description }: ComingSoonProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      {description ? <p className="page__lead">{description}</p> : null}
      <div className="coming-soon">
        <p className="coming-soon__label">Coming soon</p>
        <p className="coming-soon__text">This part of Stagepass is being built.</p>
      </div>
    </div>
  );
}
