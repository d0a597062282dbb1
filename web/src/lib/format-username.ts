/** Usernames are stored with a leading @ (spec); links may carry it or not. */
export function formatUsername(username: string) {
  return username.startsWith('@') ? username : `@${username}`;
}

/** The key a username is cached under: '@Ana' and 'ana' are the same profile. */
export function normaliseUsername(username: string): string {
  return username.trim().replace(/^@/, '').toLowerCase();
}
