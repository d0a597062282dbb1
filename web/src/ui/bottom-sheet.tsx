import type { ReactNode, RefObject } from 'react';
import { Drawer } from 'vaul';
import './sheet.css';

type BottomSheetProps = {
  /** Names the sheet for assistive tech and shows at its top. */
  title: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: ReactNode;
  /** Where focus goes on opening; by default the first focusable control that is not a link. */
  onOpenAutoFocus?: (event: Event) => void;
  /** The control that opened the sheet: focus goes back to it on closing. */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/** vaul does not hand focus back to the opener by itself; a keyboard user would be lost. */
export function returnFocus(event: Event, target: RefObject<HTMLElement | null> | undefined) {
  if (!target?.current) return;
  event.preventDefault();
  target.current.focus();
}

/**
 * A sheet that slides up from the bottom on mobile (menus, comments, the tip picker). It is
 * a modal dialog: focus stays inside, Escape and a tap on the backdrop close it, and it can
 * be dragged down to close.
 */
export function BottomSheet({
  title,
  isOpen,
  onOpenChange,
  children,
  onOpenAutoFocus,
  returnFocusTo,
}: BottomSheetProps) {
  return (
    // autoFocus: vaul leaves focus behind the sheet by default; a modal sheet must take it.
    <Drawer.Root open={isOpen} onOpenChange={onOpenChange} autoFocus>
      <Drawer.Portal>
        <Drawer.Overlay className="sheet-overlay" />
        <Drawer.Content
          className="sheet"
          aria-describedby={undefined}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}
        >
          <div className="sheet__handle" aria-hidden="true" />
          <Drawer.Title className="sheet__title">{title}</Drawer.Title>
          <div className="sheet__body">{children}</div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
