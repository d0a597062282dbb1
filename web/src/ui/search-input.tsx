import type { ComponentProps } from 'react';
import { SearchIcon } from './icons';
import './search-input.css';

/** A search box with its magnifier inside at the start; `className` sets its size and shape. */
export function SearchInput({ className, ...inputProps }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className="search-input">
      <SearchIcon className="search-input__icon" />
      <input type="search" className={`search-input__control ${className ?? ''}`} {...inputProps} />
    </div>
  );
}
