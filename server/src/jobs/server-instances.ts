import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { serverInstances } from '../db/schema/index.ts';
import { isProcessAlive } from '../lib/data-dir-lock.ts';
import { createId } from '../lib/ids.ts';

/**
 * Each server process registers itself in server_instances and renews a heartbeat there.
 * What a process leaves on disk (a file being uploaded, a video's work folder) and in the
 * database (upload reservations) carries its instance id, so any process can tell what a
 * dead one left from what a live one is using: a process is dead when its row is gone,
 * when its heartbeat has been quiet for DEAD_AFTER_MS (whatever machine it ran on), or at
 * once when it ran on this machine, in this process namespace, and its pid is gone. On
 * PGlite the data folder's lock already proves that no other process runs.
 */
export type ServerInstance = { id: string; host: string | null; pid: number };

export const HEARTBEAT_INTERVAL_MS = 20_000;
/** Several missed heartbeats: a process this quiet is dead (or cut off from the database). */
export const DEAD_AFTER_MS = 90_000;
/** Files named without an owner (made before instance ids): the old rule, an hour. */
const UNOWNED_STALE_MS = 60 * 60_000;
const OWNER_SEPARATOR = '.';

const INSTANCE_ID_LENGTH = 12;
const OWNED_NAME = new RegExp(`^([A-Za-z0-9_-]{${INSTANCE_ID_LENGTH}})\\${OWNER_SEPARATOR}`);

export function createServerInstance(): ServerInstance {
  return { id: createId(INSTANCE_ID_LENGTH), host: readHostIdentity(), pid: process.pid };
}

/**
 * This boot of this machine and this process namespace: where a pid means the same
 * process. Null outside Linux, where only the heartbeat tells.
 */
function readHostIdentity(): string | null {
  try {
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot}/${fs.readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return null;
  }
}

/** Registers the instance, or renews its heartbeat (also recreating a row others removed). */
export async function beatHeart(db: Db, instance: ServerInstance): Promise<void> {
  await db
    .insert(serverInstances)
    .values({ id: instance.id, host: instance.host, pid: instance.pid })
    .onConflictDoUpdate({ target: serverInstances.id, set: { heartbeatAt: sql`now()` } });
}

export async function unregister(db: Db, instance: ServerInstance): Promise<void> {
  await db.delete(serverInstances).where(eq(serverInstances.id, instance.id));
}

/** SQL: whether the instance of this row has been heard from lately. */
export function isHeartbeatRecent(heartbeatAt: typeof serverInstances.heartbeatAt) {
  return sql`${heartbeatAt} > now() - ${DEAD_AFTER_MS}::integer * interval '1 millisecond'`;
}

/**
 * Removes the rows of dead instances (their upload reservations go with them) and answers
 * the ids of the live ones, this one included. `isSoleProcess`: nothing else can use this
 * database (PGlite), so every other instance is dead.
 */
export async function removeDeadInstances(
  db: Db,
  self: ServerInstance,
  { isSoleProcess }: { isSoleProcess: boolean },
): Promise<Set<string>> {
  if (isSoleProcess) {
    await db.delete(serverInstances).where(ne(serverInstances.id, self.id));
    return new Set([self.id]);
  }
  await db
    .delete(serverInstances)
    .where(
      and(ne(serverInstances.id, self.id), sql`not (${isHeartbeatRecent(serverInstances.heartbeatAt)})`),
    );
  const others = await db
    .select({ id: serverInstances.id, host: serverInstances.host, pid: serverInstances.pid })
    .from(serverInstances)
    .where(ne(serverInstances.id, self.id));
  const gone = others.filter(
    (other) => self.host !== null && other.host === self.host && !isProcessAlive(other.pid),
  );
  if (gone.length > 0) {
    const goneIds = gone.map((other) => other.id);
    await db.delete(serverInstances).where(inArray(serverInstances.id, goneIds));
  }
  return new Set([self.id, ...others.filter((other) => !gone.includes(other)).map((other) => other.id)]);
}

/** A file or folder name that says which instance made it: `<instanceId>.<name>`. */
export function ownedName(instance: ServerInstance, name: string): string {
  return `${instance.id}${OWNER_SEPARATOR}${name}`;
}

/**
 * Removes from `folders` what instances not alive left there. The folders are read before
 * `findLiveIds` is asked: an instance registers before it makes a file, so the owner of any
 * file seen here is known to the later question if it lives.
 */
export async function removeFilesOfDeadInstances(
  folders: readonly string[],
  findLiveIds: () => Promise<Set<string>>,
): Promise<string[]> {
  const listed = await Promise.all(
    folders.map(async (folder) => {
      const names = await fsPromises.readdir(folder).catch(() => [] as string[]);
      return names.map((name) => ({ name, entry: path.join(folder, name) }));
    }),
  );
  const liveIds = await findLiveIds();
  const removed: string[] = [];
  for (const { name, entry } of listed.flat()) {
    const owner = OWNED_NAME.exec(name)?.[1] ?? null;
    if (owner !== null ? liveIds.has(owner) : !(await isOlderThan(entry, UNOWNED_STALE_MS))) continue;
    await fsPromises.rm(entry, { recursive: true, force: true });
    removed.push(entry);
  }
  return removed;
}

async function isOlderThan(entry: string, ms: number): Promise<boolean> {
  const stats = await fsPromises.stat(entry).catch(() => null);
  return stats !== null && stats.mtimeMs < Date.now() - ms;
}
