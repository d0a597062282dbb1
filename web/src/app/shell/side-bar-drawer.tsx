import type { RefObject } from 'react';
import { Drawer } from 'vaul';
import { returnFocus } from '../../ui/bottom-sheet';
import { CloseIcon } from '../../ui/icons';
import { SideNav } from './side-nav';
import '../../ui/sheet.css';
import './side-bar-drawer.css';

type SideBarDrawerProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The top bar's menu button, which gets focus back on closing. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/** The side bar on mobile: a drawer from the left, holding the same navigation. */
export default function SideBarDrawer({ isOpen, onOpenChange, returnFocusTo }: SideBarDrawerProps) {
  return (
    <Drawer.Root open={isOpen} onOpenChange={onOpenChange} direction="left" autoFocus>
      <Drawer.Portal>
        <Drawer.Overlay className="sheet-overlay" />
        <Drawer.Content
          className="side-drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => returnFocus(event, returnFocusTo)}
        >
          <div className="side-drawer__header">
            <Drawer.Title className="side-drawer__title">Menu</Drawer.Title>
            <Drawer.Close className="icon-button" aria-label="Close menu">
              <CloseIcon />
            </Drawer.Close>
          </div>
          <SideNav onEntryChosen={() => onOpenChange(false)} />
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
