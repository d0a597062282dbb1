import { useSyncExternalStore } from 'react';

/**
 * Toasts without sonner in the first-load JavaScript: a call loads sonner, waits until the
 * shell's <Toaster> is mounted (the shell mounts it at the first toast), then shows the
 * toast. Use this module rather than importing 'sonner'.
 */
type ToastKind = 'message' | 'success' | 'error';

let isToasterWanted = false;
const listeners = new Set<() => void>();
let markToasterMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markToasterMounted = resolve;
});

/** Asks the shell to mount the toaster (idempotent). */
export function requestToaster() {
  if (isToasterWanted) return;
  isToasterWanted = true;
  for (const notify of listeners) notify();
}

/** Called by the toaster once it is on the page and listening. */
export function notifyToasterMounted() {
  markToasterMounted();
}

export function useIsToasterWanted() {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => isToasterWanted,
  );
}

async function showToast(kind: ToastKind, message: string) {
  requestToaster();
  const [{ toast: sonnerToast }] = await Promise.all([import('sonner'), toasterMounted]);
  if (kind === 'message') sonnerToast(message);
  else sonnerToast[kind](message);
}

export const toast = {
  message: (message: string) => void showToast('message', message),
  success: (message: string) => void showToast('success', message),
  error: (message: string) => void showToast('error', message),
};
