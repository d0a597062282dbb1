import { Component, type ReactNode } from 'react';
import { Link } from 'react-router';
import '../ui/page.css';

type PageErrorBoundaryProps = { children: ReactNode };

/**
 * Shows "Something went wrong" in place of a page that failed, inside the shell. The usual
 * cause is a page's code that no longer exists after a new release (an old tab, a stale
 * cache): reloading fetches the new one. The layout keys it by path, so another page starts
 * afresh.
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? <RouteError /> : this.props.children;
  }
}

function RouteError() {
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
