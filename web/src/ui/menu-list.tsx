import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MenuItem } from './menu-items';
import './menu.css';

type MenuListProps = {
  label: string;
  items: MenuItem[];
  /** Called after an item that should close its container was chosen. */
  onItemChosen: () => void;
};

/**
 * An ARIA menu built from plain elements, for containers that are not a Radix dropdown
 * (the bottom sheet). Arrow keys, Home and End move between items; one item is in the tab
 * order at a time (roving tabindex), as the WAI-ARIA menu pattern asks.
 */
export function MenuList({ label, items, onItemChosen }: MenuListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const [activeIndex, setActiveIndex] = useState(0);

  function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
    const elements = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-menu-item]') ?? [])];
    const current = elements.indexOf(document.activeElement as HTMLElement);
    const last = elements.length - 1;
    const targets: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    elements[target]?.focus();
  }

  // Items of groups count in one sequence with the others, for the roving tabindex.
  let nextIndex = 0;
  function renderItem(item: MenuItem): ReactNode {
    if (item.kind === 'group') {
      return (
        // biome-ignore lint/a11y/useSemanticElements: inside role="menu" a group is role="group"; a fieldset is a form control group.
        <div key={item.label} role="group" aria-label={item.label} className="menu__group">
          <div className="menu__group-label" aria-hidden="true">
            {item.label}
          </div>
          {item.items.map(renderItem)}
        </div>
      );
    }
    const index = nextIndex++;
    return renderAction(item, index);
  }

  function renderAction(item: Exclude<MenuItem, { kind: 'group' }>, index: number) {
    const common = {
      'data-menu-item': true,
      tabIndex: index === activeIndex ? 0 : -1,
      onFocus: () => setActiveIndex(index),
    };
    if (item.kind === 'link') {
      return (
        <Link
          key={item.label}
          {...common}
          role="menuitem"
          className="row-action menu__item"
          to={item.to}
          onClick={onItemChosen}
        >
          {item.icon}
          <span className="menu__label">{item.label}</span>
        </Link>
      );
    }
    if (item.kind === 'checkbox') {
      // Toggling keeps the menu open so the change can be seen.
      return (
        <button
          key={item.label}
          {...common}
          type="button"
          role="menuitemcheckbox"
          aria-checked={item.isChecked}
          className="row-action menu__item"
          onClick={() => item.onCheckedChange(!item.isChecked)}
        >
          {item.icon}
          <span className="menu__label">{item.label}</span>
          <span className="menu__switch" aria-hidden="true" />
        </button>
      );
    }
    return (
      <button
        key={item.label}
        {...common}
        type="button"
        role="menuitem"
        className={
          item.isDestructive ? 'row-action menu__item menu__item--destructive' : 'row-action menu__item'
        }
        onClick={() => {
          onItemChosen();
          item.onSelect();
        }}
      >
        {item.icon}
        <span className="menu__label">{item.label}</span>
      </button>
    );
  }

  return (
    <div ref={listRef} role="menu" aria-label={label} className="menu menu--in-sheet" onKeyDown={moveFocus}>
      {items.map(renderItem)}
    </div>
  );
}
