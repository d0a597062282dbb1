import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from './player-constants';

export type ShortcutAction = 'toggle-play' | 'skip-back' | 'skip-forward' | 'fullscreen' | 'mute';

/** The player's keys, as the help lists them (the shortcuts of the big video sites). */
export const SHORTCUTS: { keys: string[]; action: ShortcutAction; does: string }[] = [
  { keys: ['Space', 'K'], action: 'toggle-play', does: 'Play or pause' },
  { keys: ['J', '←'], action: 'skip-back', does: `Back ${SKIP_BACK_SECONDS} seconds` },
  { keys: ['L', '→'], action: 'skip-forward', does: `Forward ${SKIP_FORWARD_SECONDS} seconds` },
  { keys: ['F'], action: 'fullscreen', does: 'Full screen on or off' },
  { keys: ['M'], action: 'mute', does: 'Sound on or off' },
];

const ACTIONS: Record<string, ShortcutAction> = {
  ' ': 'toggle-play',
  k: 'toggle-play',
  j: 'skip-back',
  ArrowLeft: 'skip-back',
  l: 'skip-forward',
  ArrowRight: 'skip-forward',
  f: 'fullscreen',
  m: 'mute',
};

/** What a key press is about: the key, its modifiers, and where the focus was. */
export type KeyPress = {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** The focused element's tag ('INPUT', 'BUTTON' …) and role, and whether it is in a dialog. */
  targetTag: string;
  targetRole: string | null;
  isInDialog: boolean;
  isEditable: boolean;
};

/**
 * The player's action for a key pressed anywhere on the watch page, or null when the key is
 * someone else's: typing in a field, a dialog's keys, the browser's own shortcuts (with
 * Ctrl, Alt or ⌘), Space and Enter on a focused button or link (which press it), and the
 * arrows on a slider or a list box (which move it).
 */
export function readShortcut(press: KeyPress): ShortcutAction | null {
  if (press.altKey || press.ctrlKey || press.metaKey || press.isInDialog || press.isEditable) return null;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(press.targetTag)) return null;
  const isPressable = ['BUTTON', 'A', 'SUMMARY'].includes(press.targetTag) || press.targetRole === 'button';
  if (press.key === ' ' && isPressable) return null;
  const isArrowOwner = ['slider', 'tab', 'menuitem', 'option', 'radio'].includes(press.targetRole ?? '');
  if ((press.key === 'ArrowLeft' || press.key === 'ArrowRight') && isArrowOwner) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  return Object.hasOwn(ACTIONS, key) ? ACTIONS[key]! : null;
}

/** A DOM keyboard event as a KeyPress. */
export function toKeyPress(event: KeyboardEvent): KeyPress {
  const target = event.target instanceof Element ? event.target : null;
  return {
    key: event.key,
    altKey: event.altKey,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    targetTag: target?.tagName ?? '',
    targetRole: target?.getAttribute('role') ?? null,
    isInDialog: Boolean(target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"]')),
    isEditable: target instanceof HTMLElement && target.isContentEditable,
  };
}
