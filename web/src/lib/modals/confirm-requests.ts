/**
 * The pending answers of useConfirm(). The confirm modal is opened through the URL like any
 * other, so its promise cannot travel with it: it waits here, under an id that the URL
 * carries in the modal's options ('delete.k3f9x2').
 */
type PendingConfirm = {
  resolve: (isConfirmed: boolean) => void;
  isConfirmed: boolean;
  mountedBodies: number;
};

const pendingConfirms = new Map<string, PendingConfirm>();

export type ConfirmType = 'delete' | 'close';

export function registerConfirm(resolve: (isConfirmed: boolean) => void) {
  const id = Math.random().toString(36).slice(2, 10);
  pendingConfirms.set(id, { resolve, isConfirmed: false, mountedBodies: 0 });
  return id;
}

export function formatConfirmOptions(type: ConfirmType, requestId?: string) {
  return requestId ? `${type}.${requestId}` : type;
}

export function parseConfirmOptions(options: string): { type: ConfirmType; requestId: string | null } {
  const [type, requestId] = options.split('.');
  return { type: type === 'delete' ? 'delete' : 'close', requestId: requestId || null };
}

/** Records the proceed choice; the promise resolves once the modal has closed. */
export function acceptConfirm(requestId: string | null) {
  const pending = requestId ? pendingConfirms.get(requestId) : undefined;
  if (pending) pending.isConfirmed = true;
}

/**
 * Called when a confirm body mounts; the returned cleanup settles the promise when it
 * unmounts for good. However the modal closed (a button, Escape, the backdrop, the
 * browser's Back button), the answer is false unless Proceed was chosen. Settling after
 * the close, not at the click, lets the caller navigate without racing the history step.
 */
export function trackConfirmBody(requestId: string | null) {
  const pending = requestId ? pendingConfirms.get(requestId) : undefined;
  if (!pending || !requestId) return () => {};
  pending.mountedBodies += 1;
  return () => {
    pending.mountedBodies -= 1;
    // Deferred so that a remount (React's StrictMode, a re-render of the host) keeps it open.
    setTimeout(() => {
      if (pending.mountedBodies > 0 || !pendingConfirms.has(requestId)) return;
      pendingConfirms.delete(requestId);
      pending.resolve(pending.isConfirmed);
    }, 0);
  };
}
