/** Usernames are stored with a leading @ (spec); links may carry it or not. */
export function formatUsername(username: string) {
  return username.startsWith('@') ? username : `@${username}`;
}
