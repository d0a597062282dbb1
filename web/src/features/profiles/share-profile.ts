import { toast } from '../../lib/toast';

/**
 * The Web Share sheet where the browser has one (phones, the installed app); otherwise the
 * link is copied and a toast says so.
 */
export async function shareProfile({ name, username }: { name: string; username: string }) {
  const url = new URL(`/${username}`, window.location.origin).href;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: name, text: `${name} on Stagepass`, url });
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
    toast.error(`Copy this link to share the profile: ${url}`);
  }
}
