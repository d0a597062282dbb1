import { Icon, type IconProps } from '../../../../ui/icons';

// The audio player's other controls (play and pause: ui/player-icons.tsx); each button names
// itself, so these stay decorative.

export function PreviousIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M18 5v14L8 12z" fill="currentColor" />
      <path d="M6 5v14" />
    </Icon>
  );
}

export function NextIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 5v14l10-7z" fill="currentColor" />
      <path d="M18 5v14" />
    </Icon>
  );
}

export function PaletteIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3a9 9 0 1 0 0 18c1.1 0 1.6-.8 1.6-1.6 0-.9-.7-1.4-.7-2.3 0-1 .8-1.6 1.8-1.6H17a4 4 0 0 0 4-4c0-4.7-4-8.5-9-8.5z" />
      <circle cx="7.5" cy="11" r="1" fill="currentColor" />
      <circle cx="10" cy="7" r="1" fill="currentColor" />
      <circle cx="15" cy="7.5" r="1" fill="currentColor" />
    </Icon>
  );
}
