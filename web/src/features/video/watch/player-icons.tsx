import { Icon, type IconProps } from '../../../ui/icons';

// The video player's other controls (play and pause: ui/player-icons.tsx); each button names
// itself, so these stay decorative.

export function SkipIcon({
  direction,
  seconds,
  ...props
}: IconProps & { direction: 'back' | 'forward'; seconds: number }) {
  const isBack = direction === 'back';
  return (
    <Icon {...props}>
      <path d={isBack ? 'M4 12a8 8 0 1 0 2.3-5.6' : 'M20 12a8 8 0 1 1-2.3-5.6'} />
      <path d={isBack ? 'M4 3v4h4' : 'M20 3v4h-4'} />
      <text
        x="12"
        y="15.5"
        textAnchor="middle"
        fontSize="8"
        fontWeight="700"
        fill="currentColor"
        stroke="none"
      >
        {seconds}
      </text>
    </Icon>
  );
}

export function VolumeIcon({ isMuted, ...props }: IconProps & { isMuted: boolean }) {
  return (
    <Icon {...props}>
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {isMuted ? (
        <path d="m16 9 5 6M21 9l-5 6" />
      ) : (
        <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" />
      )}
    </Icon>
  );
}

export function FullscreenIcon({ isOn, ...props }: IconProps & { isOn: boolean }) {
  return (
    <Icon {...props}>
      {isOn ? (
        <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
      ) : (
        <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
      )}
    </Icon>
  );
}

export function PictureInPictureIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <rect x="12" y="12" width="7" height="5" rx="1" fill="currentColor" />
    </Icon>
  );
}

export function HeadphonesIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
      <rect x="3" y="14" width="4" height="6" rx="1.5" fill="currentColor" />
      <rect x="17" y="14" width="4" height="6" rx="1.5" fill="currentColor" />
    </Icon>
  );
}
