import './button.css';
import './page.css';

type PageLoadFailureProps = {
  /** What failed: 'This video could not be loaded'. */
  title: string;
  onRetry: () => void;
  /** 'page not-found' for a whole page; 'not-found' inside a page that has its own frame. */
  className?: string;
};

/** A page whose item could not be loaded: said out loud (an alert), with the advice and Try again. */
export function PageLoadFailure({ title, onRetry, className = 'page not-found' }: PageLoadFailureProps) {
  return (
    <div className={className} role="alert">
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">Check your connection and try again.</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
