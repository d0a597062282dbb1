import { type TUsernameAvailabilityResponse, USERNAME_MAX_LENGTH, ZUsername } from '@stagepass/contract/auth';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

const SUGGESTION_COUNT = 2;

export async function checkUsernameAvailability(
  db: Db,
  requested: string,
): Promise<TUsernameAvailabilityResponse> {
  const parsed = ZUsername.safeParse(requested);
  if (!parsed.success) {
    return { username: null, available: false, suggestions: [], message: parsed.error.issues[0]?.message };
  }
  const username = parsed.data;
  const taken = await findTakenUsernames(db, [username]);
  if (!taken.has(username)) return { username, available: true, suggestions: [] };
  return {
    username,
    available: false,
    suggestions: await suggestFreeUsernames(db, username),
    message: usernameTakenMessage(username),
  };
}

export function usernameTakenMessage(username: string): string {
  return `The Username '${username}' is not available`;
}

/** Free variants of a taken username: a number, then a year-like or longer number. */
async function suggestFreeUsernames(db: Db, username: string): Promise<string[]> {
  const base = username.slice(1, USERNAME_MAX_LENGTH - 3);
  for (let round = 0; round < 5; round++) {
    const digits = round < 2 ? 99 : 9999;
    const candidates = new Set<string>();
    while (candidates.size < 6) candidates.add(`@${base}${1 + Math.floor(Math.random() * digits)}`);
    const taken = await findTakenUsernames(db, [...candidates]);
    const free = [...candidates].filter((candidate) => !taken.has(candidate));
    if (free.length >= SUGGESTION_COUNT) return free.slice(0, SUGGESTION_COUNT);
  }
  return [];
}

async function findTakenUsernames(db: Db, candidates: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ username: users.username })
    .from(users)
    .where(inArray(users.username, candidates));
  return new Set(rows.map((row) => row.username));
}
