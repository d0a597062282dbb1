import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/use-document-title';
import './page.css';

/** Shown for any address that names no page (also used by pages for unknown parameters). */
export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <div className="page not-found">
      <h1 className="page__title">Page not found</h1>
      <p className="page__lead">The page you are looking for does not exist or has moved.</p>
      <Link className="button button--primary" to="/creators/featured">
        Go to the home page
      </Link>
    </div>
  );
}
