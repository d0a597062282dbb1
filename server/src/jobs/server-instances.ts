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
 *
 * The registry belongs to the job engine, not to media, though media's files are what it
 * cleans up today: it answers "which processes are alive?", which any per-process work
 * needs (a schedule's locked_by names an instance too), and its start, heartbeat and
 * removal of dead rows are the process's lifecycle, which the engine runs. What to remove
 * when an instance is dead is each owner's: media names its files with ownedName and
 * removes those of dead instances (removeFilesOfDeadInstances).
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
 * Removes the rows of dead instances (their upload reservations go with them). Work for
 * one process at a time (a schedule), and for each process at its start, before it
 * answers: a dead server's reservations must not count against anyone's quota.
 * `isSoleProcess`: nothing else can use this database (PGlite), so every other instance is dead.
 */
export async function removeDeadInstances(
  db: Db,
  self: ServerInstance,
  { isSoleProcess }: { isSoleProcess: boolean },
): Promise<void> {
  if (isSoleProcess) {
    await db.delete(serverInstances).where(ne(serverInstances.id, self.id));
    return;
  }
  await db
    .delete(serverInstances)
    .where(
      and(ne(serverInstances.id, self.id), sql`not (${isHeartbeatRecent(serverInstances.heartbeatAt)})`),
    );
  const goneIds = await findGoneOnThisMachine(db, self);
  if (goneIds.length > 0) await db.delete(serverInstances).where(inArray(serverInstances.id, goneIds));
}

/**
 * The ids of the instances alive now, this one included, by the same rules as
 * removeDeadInstances, without writing: for whoever must tell a live one's files from a
 * dead one's.
 */
export async function findLiveInstanceIds(
  db: Db,
  self: ServerInstance,
  { isSoleProcess }: { isSoleProcess: boolean },
): Promise<Set<string>> {
  if (isSoleProcess) return new Set([self.id]);
  const recent = await db
    .select({ id: serverInstances.id })
    .from(serverInstances)
    .where(and(ne(serverInstances.id, self.id), isHeartbeatRecent(serverInstances.heartbeatAt)));
  const goneIds = new Set(await findGoneOnThisMachine(db, self));
  return new Set([self.id, ...recent.map((other) => other.id).filter((id) => !goneIds.has(id))]);
}

/** Others that ran on this machine, in this process namespace, and whose pid is gone. */
async function findGoneOnThisMachine(db: Db, self: ServerInstance): Promise<string[]> {
  if (self.host === null) return [];
  const sameMachine = await db
    .select({ id: serverInstances.id, pid: serverInstances.pid })
    .from(serverInstances)
    .where(and(ne(serverInstances.id, self.id), eq(serverInstances.host, self.host)));
  return sameMachine.filter((other) => !isProcessAlive(other.pid)).map((other) => other.id);
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
