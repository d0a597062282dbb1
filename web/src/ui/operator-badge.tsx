import type { TOperator } from '@stagepass/contract/mobile-money';
import type { CSSProperties } from 'react';
import './operator-badge.css';

type OperatorBadgeProps = {
  operator: Pick<TOperator, 'name' | 'logo' | 'accent'>;
  /** Smaller, for inside a field's hint. */
  size?: 'small' | 'normal';
};

/**
 * A mobile money operator: its logo and name, edged in its brand colour. The accent is only
 * ever a fill, never the colour of text, so the name keeps its contrast in both themes.
 */
export function OperatorBadge({ operator, size = 'normal' }: OperatorBadgeProps) {
  return (
    <span
      className={size === 'small' ? 'operator-badge operator-badge--small' : 'operator-badge'}
      style={{ '--operator-accent': operator.accent } as CSSProperties}
    >
      {/* The name beside it says the same, so the logo is decoration. */}
      <img className="operator-badge__logo" src={operator.logo} alt="" width="32" height="20" />
      <span className="operator-badge__name">{operator.name}</span>
    </span>
  );
}
