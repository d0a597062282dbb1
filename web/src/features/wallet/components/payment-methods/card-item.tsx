import type { TCardMethod } from '../../api/get-payment-methods';
import { formatCardBrand } from '../../card-brand';
import { PreferredBadge } from './preferred-badge';

type CardItemProps = { card: TCardMethod; onSetPreferred: () => void; onRemove: () => void };

/** The spec's card item: the masked number, the expiry and 'Active' on the preferred card. */
export function CardItem({ card, onSetPreferred, onRemove }: CardItemProps) {
  const brand = formatCardBrand(card.brand);
  return (
    <li className="payment-method" aria-label={`${brand} ${card.cardNumber}`}>
      <div className="payment-method__info">
        <span className="payment-method__brand">{brand}</span>
        <span className="payment-method__number">{card.cardNumber}</span>
        <span className="payment-method__expiry">Expires {card.expires}</span>
        {card.preffered ? <PreferredBadge /> : null}
      </div>
      <div className="payment-method__actions">
        {card.preffered ? null : (
          <button type="button" className="button button--secondary button--small" onClick={onSetPreferred}>
            Set as preferred
          </button>
        )}
        <button type="button" className="button button--secondary button--small" onClick={onRemove}>
          Remove
        </button>
      </div>
    </li>
  );
}
