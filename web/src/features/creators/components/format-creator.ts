import { formatUsername } from '../../../lib/format-username';

/** The profile's path: /@username, whether or not the stored username has its @. */
export function getProfilePath(username: string) {
  return `/${formatUsername(username)}`;
}
