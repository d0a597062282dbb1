import { TIP_OPTIONS } from '@stagepass/contract/tips';
import { Link } from 'react-router';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { formatKwacha } from '../../lib/money';
import './tips.css';

/** The confirmation's address for a tip on a post (the spec's route; the amount in whole kwacha). */
export function sendTipPath(postId: string, name: string, amount: number): string {
  return `/feed/${encodeURIComponent(postId)}/send-tip/${encodeURIComponent(name)}/${amount / 100}`;
}

/**
 * `?modal=tip-picker/{postId}`: the named tips with their emoji, a bottom sheet on a phone and
 * a dialog on wider screens. Choosing one goes to /feed/{postId}/send-tip/{tipName}/{amount},
 * which confirms and sends it.
 */
export default function TipPickerModal({ options }: ModalBodyProps) {
  const postId = options.split('/')[0] ?? '';
  if (!postId) return <p className="modal__text">Open the tip picker from a post.</p>;
  return (
    <ul className="tip-picker" aria-label="Tips">
      {TIP_OPTIONS.map((option) => (
        <li key={option.name}>
          {/* Replace: Back from the confirmation returns to the post, not to this picker. */}
          <Link
            className="tip-picker__option"
            to={sendTipPath(postId, option.name, option.amount)}
            replace
            aria-label={`${option.name}, ${formatKwacha(option.amount)}`}
          >
            <span className="tip-picker__emoji" aria-hidden="true">
              {option.emoji}
            </span>
            <span className="tip-picker__name">{option.name}</span>
            <span className="tip-picker__amount">{formatKwacha(option.amount)}</span>
            <span className="tip-picker__description">{option.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
