import { toast } from '../../lib/toast';
import { ShareIcon } from '../page-icons';

/** What is shared: its name, its page and what to call it when the link must be copied by hand. */
export type SharedPage = { title: string; path: string; noun: 'track' | 'profile' | 'video' };

/**
 * Shares a page (a track's player, a profile): the Web Share sheet where the browser has one
 * (phones, the installed app); otherwise the link is copied and a toast says so.
 */
export async function sharePage({ title, path, noun }: SharedPage) {
  const url = new URL(path, window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text: `${title} on Stagepass`, url });
      return;
    } catch (error) {
      // The person closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Any other refusal (no user gesture, a blocked target): copy the link instead.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Link copied to the clipboard');
  } catch {
    toast.error(`Copy this link to share the ${noun}: ${url}`);
  }
}

type ShareButtonProps = {
  page: SharedPage;
  className: string;
  iconClassName?: string;
  /** Where the word may hide on a phone (the icon stays, the name stays 'Share'). */
  labelClassName?: string;
};

/** Share, with its icon: the author's button on a track's player and on their profile. */
export function ShareButton({ page, className, iconClassName, labelClassName }: ShareButtonProps) {
  return (
    <button type="button" className={className} onClick={() => void sharePage(page)}>
      <ShareIcon className={iconClassName} />
      <span className={labelClassName}>Share</span>
    </button>
  );
}
