import './button.css';
import './page.css';

/**
 * A list's first page that could not be loaded: said out loud (an alert), with the advice
 * and a Try again button. The title names what failed ('Your members could not be loaded.').
 */
export function ListLoadFailure({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <p className="empty-state__title">{title}</p>
      <p className="empty-state__text">Check your connection and try again.</p>
      <button type="button" className="button button--secondary list-load-failure__retry" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
