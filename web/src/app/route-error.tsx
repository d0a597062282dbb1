import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFound } from '../ui/not-found';
import '../ui/page.css';

/**
 * Shown in place of a page that failed. The usual cause is a page's code that no longer
 * exists after a new release (an old tab, a stale cache): reloading fetches the new one.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;

  return (
    <div className="page not-found" role="alert">
      <h1 className="page__title">Something went wrong</h1>
      <p className="page__lead">This page could not be loaded. Check your connection and try again.</p>
      <p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </p>
      <p>
        <Link to="/creators/featured">Go to the home page</Link>
      </p>
    </div>
  );
}
