import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useIsWideScreen } from '../lib/use-media-query';
import type { MenuItem } from './menu-items';

// Both menu forms load on first use, keeping Radix's menu (with its positioning engine) and
// vaul out of the first-load JavaScript. Hovering or focusing the trigger starts the load,
// so it is usually there before the click.
const loadDropdownMenu = () => import('./dropdown-menu');
const loadSheetMenu = () => import('./sheet-menu');
const DropdownMenu = lazy(loadDropdownMenu);
const SheetMenu = lazy(loadSheetMenu);

type ResponsiveMenuProps = {
  /** The trigger's accessible name, e.g. 'Account menu'. */
  label: string;
  /** The bottom sheet's title on mobile, e.g. 'Account'. */
  sheetTitle: string;
  trigger: ReactNode;
  triggerClassName?: string;
  items: MenuItem[];
};

/**
 * An option menu that is a dropdown on screens of 600 px and wider and a bottom sheet
 * below, as the spec asks for option menus on mobile. It closes on any route change.
 */
export function ResponsiveMenu({ label, sheetTitle, trigger, triggerClassName, items }: ResponsiveMenuProps) {
  const isWideScreen = useIsWideScreen();
  const { pathname } = useLocation();
  // Remembering where the menu was opened (rather than a boolean) closes it as soon as the
  // pathname changes, without an effect.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const [hasDropdown, setHasDropdown] = useState(false);
  const [hasSheet, setHasSheet] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const isOpen = openedAt === pathname;
  const setIsOpen = (open: boolean) => setOpenedAt(open ? pathname : null);

  const plainTrigger = (
    <button
      ref={triggerRef}
      type="button"
      className={triggerClassName}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={isOpen}
      onPointerEnter={() => void (isWideScreen ? loadDropdownMenu() : loadSheetMenu())}
      onFocus={() => void (isWideScreen ? loadDropdownMenu() : loadSheetMenu())}
      onClick={() => {
        if (isWideScreen) setHasDropdown(true);
        else setHasSheet(true);
        setIsOpen(true);
      }}
    >
      {trigger}
    </button>
  );

  if (isWideScreen) {
    // Until Radix's menu has loaded, the plain button stands in for its trigger.
    if (!hasDropdown) return plainTrigger;
    return (
      <Suspense fallback={plainTrigger}>
        <DropdownMenu
          label={label}
          trigger={trigger}
          triggerClassName={triggerClassName}
          items={items}
          isOpen={isOpen}
          onOpenChange={setIsOpen}
        />
      </Suspense>
    );
  }

  return (
    <>
      {plainTrigger}
      {hasSheet ? (
        <Suspense fallback={null}>
          <SheetMenu
            title={sheetTitle}
            items={items}
            isOpen={isOpen}
            onOpenChange={setIsOpen}
            returnFocusTo={triggerRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
