/** What a creator would be paying for on their own page: said instead of the pay form. */
export type OwnItem = 'post' | 'track' | 'video' | 'series' | 'page';

const ownItemHints: Record<OwnItem, string> = {
  post: 'Fans unlock and tip it; you see it in full.',
  track: 'Fans unlock it; you hear it in full.',
  video: 'Fans unlock it; you watch it in full.',
  series: 'Fans unlock all its episodes at once; you watch them in full.',
  page: 'Fans join and support it; you set its prices.',
};

/**
 * Said up front where a purchase would start on the viewer's own post, track, video, series or page (a
 * tip, an unlock, a pass, support), instead of a pay form that the server would refuse at
 * the last tap ('You cannot pay yourself.').
 */
export function OwnItemNotice({ item, onClose }: { item: OwnItem; onClose?: () => void }) {
  return (
    <div className="form">
      <p className="modal__text" role="status">
        This is your own {item}. {ownItemHints[item]}
      </p>
      {onClose ? (
        <button type="button" className="button button--secondary form__submit" onClick={onClose}>
          Close
        </button>
      ) : null}
    </div>
  );
}
