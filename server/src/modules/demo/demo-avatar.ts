import sharp from 'sharp';

/**
 * A generated avatar: the initials on a colour, drawn as SVG and rendered to PNG, which the
 * media module then turns into the usual avatar variants. Text needs a system font (any
 * sans-serif); without one the avatar is the plain colour.
 */
export async function renderInitialsAvatar(name: string, colour: string): Promise<Buffer> {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512">
  <rect width="512" height="512" fill="${colour}"/>
  <text x="256" y="256" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="210"
    font-weight="700" fill="#ffffff" text-anchor="middle" dominant-baseline="central">${escapeXml(initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Text for an SVG document: markup characters as character references. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}
