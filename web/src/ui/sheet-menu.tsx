import type { RefObject } from 'react';
import { BottomSheet } from './bottom-sheet';
import type { MenuItem } from './menu-items';
import { MenuList } from './menu-list';

type SheetMenuProps = {
  title: string;
  items: MenuItem[];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** As a menu should on opening; the default would skip links and items outside the tab order. */
function focusFirstItem(event: Event) {
  const firstItem = (event.currentTarget as HTMLElement).querySelector<HTMLElement>('[data-menu-item]');
  if (!firstItem) return;
  event.preventDefault();
  firstItem.focus();
}

/** An option menu inside a bottom sheet: the mobile form of ResponsiveMenu. */
export default function SheetMenu({ title, items, isOpen, onOpenChange, returnFocusTo }: SheetMenuProps) {
  return (
    <BottomSheet
      title={title}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      onOpenAutoFocus={focusFirstItem}
      returnFocusTo={returnFocusTo}
    >
      <MenuList label={title} items={items} onItemChosen={() => onOpenChange(false)} />
    </BottomSheet>
  );
}
