import type { TReactionKind } from '@stagepass/contract/posts';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { findReaction, REACTIONS } from './reactions';

const HOVER_DELAY_MS = 250;
const LONG_PRESS_MS = 400;

type ReactionPickerProps = {
  viewerReaction: TReactionKind | null;
  onReact: (kind: TReactionKind) => void;
};

/**
 * The like button and its reaction popper. A click likes with ❤️ (or takes the viewer's
 * reaction back); the popper with the five reactions opens on hover with a mouse, on a
 * long press on touch screens, and from the keyboard with ArrowUp on the like button or
 * with the 'More reactions' button. In the popper the arrow keys move, Enter chooses and
 * Escape closes.
 */
export function ReactionPicker({ viewerReaction, onReact }: ReactionPickerProps) {
  const [isOpen, setIsOpen] = useState(false);
  const likeRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const hoverTimer = useRef<number | undefined>(undefined);
  const pressTimer = useRef<number | undefined>(undefined);
  const isLongPress = useRef(false);
  const focusOnOpen = useRef(false);
  const current = viewerReaction ? findReaction(viewerReaction) : null;

  useEffect(
    () => () => {
      window.clearTimeout(hoverTimer.current);
      window.clearTimeout(pressTimer.current);
    },
    [],
  );

  // A tap or click anywhere else closes the popper.
  useEffect(() => {
    if (!isOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen]);

  // Opened from the keyboard: the focus goes to the viewer's reaction, or the first one.
  useEffect(() => {
    if (!isOpen || !focusOnOpen.current) return;
    focusOnOpen.current = false;
    const index = Math.max(
      0,
      REACTIONS.findIndex(({ kind }) => kind === viewerReaction),
    );
    itemRefs.current[index]?.focus();
  }, [isOpen, viewerReaction]);

  function openFromKeyboard() {
    focusOnOpen.current = true;
    setIsOpen(true);
  }

  function choose(kind: TReactionKind) {
    const hadFocus = rootRef.current?.contains(document.activeElement);
    setIsOpen(false);
    onReact(kind);
    if (hadFocus) likeRef.current?.focus();
  }

  function moveInMenu(event: KeyboardEvent<HTMLDivElement>) {
    const index = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    const last = REACTIONS.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index >= last ? 0 : index + 1,
      ArrowDown: index >= last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      ArrowUp: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      setIsOpen(false);
      likeRef.current?.focus();
      return;
    }
    if (event.key === 'Tab') {
      setIsOpen(false);
      return;
    }
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    itemRefs.current[target]?.focus();
  }

  return (
    <div
      ref={rootRef}
      className="reaction-picker"
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse') return;
        window.clearTimeout(hoverTimer.current);
        hoverTimer.current = window.setTimeout(() => setIsOpen(true), HOVER_DELAY_MS);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        window.clearTimeout(hoverTimer.current);
        hoverTimer.current = window.setTimeout(() => setIsOpen(false), HOVER_DELAY_MS);
      }}
    >
      {isOpen ? (
        <div role="menu" aria-label="Reactions" className="reaction-picker__menu" onKeyDown={moveInMenu}>
          {REACTIONS.map((reaction, index) => (
            <button
              key={reaction.kind}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={viewerReaction === reaction.kind}
              aria-label={reaction.label}
              title={reaction.label}
              tabIndex={-1}
              className="reaction-picker__item"
              onClick={() => choose(reaction.kind)}
            >
              <span aria-hidden="true">{reaction.emoji}</span>
            </button>
          ))}
        </div>
      ) : null}
      <button
        ref={likeRef}
        type="button"
        className={current ? 'reaction-picker__like reaction-picker__like--on' : 'reaction-picker__like'}
        aria-pressed={current !== null}
        onClick={() => {
          // The click that ends a long press only opened the popper.
          if (isLongPress.current) {
            isLongPress.current = false;
            return;
          }
          choose(current?.kind ?? 'love');
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowUp') {
            event.preventDefault();
            openFromKeyboard();
          }
        }}
        onPointerDown={(event) => {
          if (event.pointerType === 'mouse') return;
          isLongPress.current = false;
          window.clearTimeout(pressTimer.current);
          pressTimer.current = window.setTimeout(() => {
            isLongPress.current = true;
            setIsOpen(true);
          }, LONG_PRESS_MS);
        }}
        onPointerUp={() => window.clearTimeout(pressTimer.current)}
        onPointerCancel={() => window.clearTimeout(pressTimer.current)}
        // A long press would otherwise open the browser's own menu.
        onContextMenu={(event) => event.preventDefault()}
      >
        <span aria-hidden="true">{current?.emoji ?? '🤍'}</span>
        {current?.label ?? 'Like'}
      </button>
      <button
        type="button"
        className="reaction-picker__more"
        aria-label="More reactions"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        onClick={() => (isOpen ? setIsOpen(false) : openFromKeyboard())}
      >
        <span aria-hidden="true">▴</span>
      </button>
    </div>
  );
}
