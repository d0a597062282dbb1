import { toast } from '../../../lib/toast';

/**
 * Shares a track's player page: the Web Share sheet where the browser has one (phones, the
 * installed app); otherwise the link is copied and a toast says so.
 */
export async function shareTrack({ title, path }: { title: string; path: string }) {
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
    toast.error(`Copy this link to share the track: ${url}`);
  }
}
