import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MenuItem } from './menu-items';
import './menu.css';

type DropdownMenuProps = {
  /** The trigger's accessible name, e.g. 'Account menu'. */
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  items: MenuItem[];
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** An option menu anchored to its trigger: the wide-screen form of ResponsiveMenu. */
export default function DropdownMenu({
  label,
  trigger,
  triggerClassName,
  items,
  isOpen,
  onOpenChange,
}: DropdownMenuProps) {
  return (
    // Not modal: the rest of the page stays in the accessibility tree and scrollable, and a
    // click outside or Tab simply closes the menu.
    <RadixMenu.Root open={isOpen} onOpenChange={onOpenChange} modal={false}>
      <RadixMenu.Trigger className={triggerClassName} aria-label={label}>
        {trigger}
      </RadixMenu.Trigger>
      {/* No portal: the menu stays inside its trigger's landmark (the top bar, say). */}
      <RadixMenu.Content className="menu" align="end" sideOffset={8} collisionPadding={8}>
        {items.map((item) => renderItem(item))}
      </RadixMenu.Content>
    </RadixMenu.Root>
  );
}

function renderItem(item: MenuItem) {
  if (item.kind === 'group') {
    return (
      <RadixMenu.Group key={item.label} aria-label={item.label} className="menu__group">
        <RadixMenu.Label className="menu__group-label" aria-hidden="true">
          {item.label}
        </RadixMenu.Label>
        {item.items.map((groupItem) => renderItem(groupItem))}
      </RadixMenu.Group>
    );
  }
  if (item.kind === 'link') {
    return (
      <RadixMenu.Item key={item.label} asChild className="row-action menu__item">
        <Link to={item.to}>
          {item.icon}
          <span className="menu__label">{item.label}</span>
        </Link>
      </RadixMenu.Item>
    );
  }
  if (item.kind === 'checkbox') {
    return (
      <RadixMenu.CheckboxItem
        key={item.label}
        className="row-action menu__item"
        checked={item.isChecked}
        onCheckedChange={item.onCheckedChange}
        // Toggling keeps the menu open so the change can be seen.
        onSelect={(event) => event.preventDefault()}
      >
        {item.icon}
        <span className="menu__label">{item.label}</span>
        <span className="menu__switch" aria-hidden="true" />
      </RadixMenu.CheckboxItem>
    );
  }
  return (
    <RadixMenu.Item
      key={item.label}
      className={
        item.isDestructive ? 'row-action menu__item menu__item--destructive' : 'row-action menu__item'
      }
      onSelect={item.onSelect}
    >
      {item.icon}
      <span className="menu__label">{item.label}</span>
    </RadixMenu.Item>
  );
}
