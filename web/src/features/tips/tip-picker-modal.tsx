import { TIP_OPTIONS } from '@stagepass/contract/tips';
import { Link, useLocation } from 'react-router';
import { buildModalSearch } from '../../lib/modals/build-modal-search';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { formatKwacha } from '../../lib/money';
import { OwnItemNotice } from '../../lib/own-item-notice';
import { useSession } from '../../lib/session';
import { usePost } from '../posts/api/get-post';
import { toCompleteSendTipOptions } from './tip-options';
import './tips.css';

/**
 * `?modal=tip-picker/{postId}`: the named tips with their emoji, a bottom sheet on a phone and
 * a dialog on wider screens. Choosing one opens complete-send-tip-action over the same page
 * (the feed, a profile, the post), which confirms and sends it; the fan stays there.
 */
export default function TipPickerModal({ options: postId, closeModal }: ModalBodyProps) {
  const location = useLocation();
  const post = usePost(postId);
  const { data: viewer } = useSession();
  if (post.isError) return <p className="modal__text">This post does not exist.</p>;
  if (!post.data) return <p className="modal__loading">Loading…</p>;
  if (viewer && viewer._id === post.data.post.author.userId) {
    return <OwnItemNotice item="post" onClose={closeModal} />;
  }
  return (
    <ul className="tip-picker" aria-label="Tips">
      {TIP_OPTIONS.map((option) => (
        <li key={option.name}>
          {/* Replace, keeping the entry's state: Back and Close from the confirmation return to
              the page under the picker, not to the picker. */}
          <Link
            className="tip-picker__option"
            to={{
              pathname: location.pathname,
              search: buildModalSearch(new URLSearchParams(location.search), 'complete-send-tip-action', {
                options: toCompleteSendTipOptions(postId, option),
              }),
            }}
            state={location.state}
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
