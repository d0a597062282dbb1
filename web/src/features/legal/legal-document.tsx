import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../ui/page.css';
import '../../ui/prose.css';

export type LegalSection = { id: string; heading: string; body: ReactNode };

type LegalDocumentProps = {
  title: string;
  lastUpdated: string;
  introduction: ReactNode;
  sections: LegalSection[];
};

/** The layout of a legal page: title, date, contents list and numbered sections. */
export function LegalDocument({ title, lastUpdated, introduction, sections }: LegalDocumentProps) {
  useDocumentTitle(title);
  return (
    <article className="page prose">
      <h1 className="page__title">{title}</h1>
      <p className="prose__meta">Last updated: {lastUpdated}</p>
      {introduction}
      <nav className="prose__contents" aria-labelledby="legal-contents-heading">
        <h2 id="legal-contents-heading">Contents</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>
            {index + 1}. {section.heading}
          </h2>
          {section.body}
        </section>
      ))}
    </article>
  );
}

/** The date both legal documents were last changed. */
export const legalLastUpdated = '22 November 2026';

export const privacyContact = 'privacy@stagepass.example';
export const supportContact = 'support@stagepass.example';
