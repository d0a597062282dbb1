import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import './page.css';

type NotFoundProps = {
  /** Why, when the address's parameters named nothing ('This post does not exist.'). */
  lead?: string;
};

/** Shown for any address that names no page (also used by pages for unknown parameters). */
export function NotFound({ lead }: NotFoundProps) {
  useDocumentTitle(lead ? 'Nothing here' : 'Page not found');
  return (
    <div className="page not-found">
      <h1 className="page__title">{lead ? 'Nothing here' : 'Page not found'}</h1>
      <p className="page__lead" role={lead ? 'status' : undefined}>
        {lead ?? 'The page you are looking for does not exist or has moved.'}
      </p>
      <Link className="button button--primary" to="/creators/featured">
        Go to the home page
      </Link>
    </div>
  );
}
