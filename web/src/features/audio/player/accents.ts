/** The spec's two accent colours for the player; audio-player.css gives each its shades in both themes. */
export const ACCENTS = ['violet', 'teal'] as const;
export type Accent = (typeof ACCENTS)[number];

export function readOtherAccent(accent: Accent): Accent {
  return accent === 'violet' ? 'teal' : 'violet';
}
