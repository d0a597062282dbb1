import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { serverInstances, uploadReservations } from '../db/schema/index.ts';
import { insertCreator } from '../test/factories/people.ts';
import { createTestDatabase } from '../test/test-database.ts';
import {
  beatHeart,
  createServerInstance,
  findLiveInstanceIds,
  ownedName,
  removeDeadInstances,
  removeFilesOfDeadInstances,
  type ServerInstance,
} from './server-instances.ts';

let database: Database;
let dispose = async () => {};
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-instances-'));
beforeAll(async () => {
  const testDatabase = await createTestDatabase();
  database = testDatabase.database;
  dispose = testDatabase.dispose;
});
afterAll(async () => {
  await dispose();
  fs.rmSync(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(serverInstances);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder);
});

/** The pid of a process that has ended. */
function findDeadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

async function register(instance: ServerInstance, heartbeatAgo = '0 seconds'): Promise<void> {
  await beatHeart(database.db, instance);
  await database.db
    .update(serverInstances)
    .set({ heartbeatAt: sql`now() - ${heartbeatAgo}::interval` })
    .where(eq(serverInstances.id, instance.id));
}

describe('server instances sharing a database (PostgreSQL)', () => {
  const self = createServerInstance();
  const sameMachine = (pid: number): ServerInstance => ({ ...createServerInstance(), pid });
  const otherMachine: ServerInstance = { ...createServerInstance(), host: 'another-machine/pid:[1]', pid: 1 };

  it('counts as dead one quiet too long, or one of this machine whose process is gone; its files go', async () => {
    expect(self.host).not.toBeNull();
    const crashedHere = sameMachine(findDeadPid());
    const runningHere = sameMachine(process.pid);
    const quietElsewhere: ServerInstance = { ...otherMachine, id: createServerInstance().id };
    await register(self);
    await register(crashedHere);
    await register(runningHere);
    await register(otherMachine, '30 seconds');
    await register(quietElsewhere, '5 minutes');
    const owner = await insertCreator(database.db, { name: 'Owner', role: 'fan' });
    await database.db
      .insert(uploadReservations)
      .values({ ownerId: owner.id, instanceId: crashedHere.id, bytes: 9 });

    const everyone = [self, crashedHere, runningHere, otherMachine, quietElsewhere];
    for (const instance of everyone)
      fs.writeFileSync(path.join(folder, ownedName(instance, 'x.upload')), 'x');
    fs.mkdirSync(path.join(folder, ownedName(crashedHere, 'publicid-abc')));
    fs.writeFileSync(path.join(folder, ownedName(crashedHere, 'publicid-abc'), 'original'), 'x');
    // Named before instance ids: judged by age, an hour.
    fs.writeFileSync(path.join(folder, 'old.upload'), 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    fs.utimesSync(path.join(folder, 'old.upload'), twoHoursAgo, twoHoursAgo);
    fs.writeFileSync(path.join(folder, 'recent.upload'), 'x');

    const removed = await removeFilesOfDeadInstances([folder], () =>
      findLiveInstanceIds(database.db, self, { isSoleProcess: false }),
    );
    expect(removed.map((entry) => path.basename(entry)).sort()).toEqual(
      [
        ownedName(crashedHere, 'x.upload'),
        ownedName(crashedHere, 'publicid-abc'),
        ownedName(quietElsewhere, 'x.upload'),
        'old.upload',
      ].sort(),
    );
    expect(fs.readdirSync(folder).sort()).toEqual(
      [
        ...[self, runningHere, otherMachine].map((instance) => ownedName(instance, 'x.upload')),
        'recent.upload',
      ].sort(),
    );
    // Telling the live ones apart removed no row; removing the dead ones' rows is its own step.
    expect(await database.db.$count(serverInstances)).toBe(everyone.length);
    await removeDeadInstances(database.db, self, { isSoleProcess: false });
    const left = await database.db.select({ id: serverInstances.id }).from(serverInstances);
    expect(left.map((row) => row.id).sort()).toEqual([self.id, runningHere.id, otherMachine.id].sort());
    // What the crashed server was receiving no longer holds room in anyone's quota.
    expect(await database.db.select().from(uploadReservations)).toEqual([]);
  });

  it('counts every other instance as dead on a database only this process can open (PGlite)', async () => {
    const other = sameMachine(process.pid);
    await register(self);
    await register(other);
    fs.writeFileSync(path.join(folder, ownedName(other, 'x.upload')), 'x');
    await removeFilesOfDeadInstances([folder], () =>
      findLiveInstanceIds(database.db, self, { isSoleProcess: true }),
    );
    expect(fs.readdirSync(folder)).toEqual([]);
    await removeDeadInstances(database.db, self, { isSoleProcess: true });
    const left = await database.db.select({ id: serverInstances.id }).from(serverInstances);
    expect(left).toEqual([{ id: self.id }]);
  });

  it('registers again an instance whose row another server removed', async () => {
    await register(self);
    await database.db.delete(serverInstances);
    await beatHeart(database.db, self);
    expect(await database.db.select({ id: serverInstances.id }).from(serverInstances)).toEqual([
      { id: self.id },
    ]);
  });
});
