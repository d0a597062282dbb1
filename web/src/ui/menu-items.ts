import type { ReactNode } from 'react';

/**
 * One entry of an option menu, described once and drawn either as a dropdown (wide
 * screens) or inside a bottom sheet (mobile).
 */
export type MenuItem =
  | { kind: 'link'; label: string; to: string; icon?: ReactNode }
  /** A labelled group of items, e.g. 'Create' over Video, Audio, Text and Image. */
  | { kind: 'group'; label: string; items: MenuItem[] }
  | { kind: 'action'; label: string; onSelect: () => void; icon?: ReactNode; isDestructive?: boolean }
  | {
      kind: 'checkbox';
      label: string;
      isChecked: boolean;
      onCheckedChange: (isChecked: boolean) => void;
      icon?: ReactNode;
    };
