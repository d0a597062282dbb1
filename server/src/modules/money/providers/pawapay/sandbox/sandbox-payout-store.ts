import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../../../../db/client.ts';
import { pawapaySandboxPayouts } from '../../../../../db/schema/index.ts';
import type { PawapayPayout } from '../pawapay-api.ts';

/**
 * A sandbox payout is kept as a deposit is (sandbox-deposit-store.ts): its fate and its
 * times, decided when it starts, and read off the clock (`viewPayoutAt`). One held ENQUEUED
 * (its operator DELAYED) has no fate nor times until it leaves the queue (`dequeue`):
 * released, it starts then; cancelled, it fails at once.
 */
export type SandboxPayoutRecord = {
  /** The payout as accepted: status ACCEPTED, or ENQUEUED when its operator was DELAYED. */
  accepted: PawapayPayout;
  /** The fields it takes when final; null when it never becomes final, or while enqueued. */
  finalReport: Partial<PawapayPayout> | null;
  isEnqueued: boolean;
  submittedAt: Date | null;
  finalAt: Date | null;
  isCallbackDelivered: boolean;
};

/** What a payout is given when it starts (at once, or on leaving the queue). */
export type SandboxPayoutFate = Pick<SandboxPayoutRecord, 'finalReport' | 'submittedAt' | 'finalAt'>;

export type SandboxPayoutStore = {
  /** False when a payout with this id exists already (pawaPay's DUPLICATE_IGNORED). */
  add(record: SandboxPayoutRecord): Promise<boolean>;
  find(payoutId: string): Promise<SandboxPayoutRecord | undefined>;
  listEnqueued(): Promise<SandboxPayoutRecord[]>;
  /** Gives a held payout its fate; undefined when it is not held (any more): nothing changes. */
  dequeue(payoutId: string, fate: SandboxPayoutFate): Promise<SandboxPayoutRecord | undefined>;
  markCallbackDelivered(payoutId: string): Promise<void>;
  /** Final (or to be final) payouts whose callback was never answered 200. */
  listUndeliveredCallbacks(): Promise<SandboxPayoutRecord[]>;
};

/** The payout as pawaPay would answer about it at `now` (ENQUEUED while held). */
export function viewPayoutAt(record: SandboxPayoutRecord, now: Date): PawapayPayout {
  if (record.finalAt && now >= record.finalAt) return { ...record.accepted, ...record.finalReport };
  if (record.submittedAt && now >= record.submittedAt) return { ...record.accepted, status: 'SUBMITTED' };
  return record.accepted;
}

/** For a sandbox that runs apart from our server in the tests, as the provider does. */
export function createMemoryPayoutStore(): SandboxPayoutStore {
  const records = new Map<string, SandboxPayoutRecord>();
  return {
    add: async (record) => {
      if (records.has(record.accepted.payoutId)) return false;
      records.set(record.accepted.payoutId, record);
      return true;
    },
    find: async (payoutId) => records.get(payoutId),
    listEnqueued: async () => [...records.values()].filter((record) => record.isEnqueued),
    dequeue: async (payoutId, fate) => {
      const record = records.get(payoutId);
      if (!record?.isEnqueued) return undefined;
      const dequeued = { ...record, ...fate, isEnqueued: false };
      records.set(payoutId, dequeued);
      return dequeued;
    },
    markCallbackDelivered: async (payoutId) => {
      const record = records.get(payoutId);
      if (record) records.set(payoutId, { ...record, isCallbackDelivered: true });
    },
    listUndeliveredCallbacks: async () =>
      [...records.values()].filter((record) => record.finalAt && !record.isCallbackDelivered),
  };
}

/** For the sandbox mounted on our own server: it survives the server being killed. */
export function createDatabasePayoutStore(db: Db): SandboxPayoutStore {
  const table = pawapaySandboxPayouts;
  return {
    add: async (record) => {
      const inserted = await db
        .insert(table)
        .values({
          payoutId: record.accepted.payoutId,
          accepted: record.accepted,
          finalReport: record.finalReport,
          isEnqueued: record.isEnqueued,
          submittedAt: record.submittedAt,
          finalAt: record.finalAt,
        })
        .onConflictDoNothing()
        .returning({ payoutId: table.payoutId });
      return inserted.length === 1;
    },
    find: async (payoutId) => {
      const [row] = await db.select().from(table).where(eq(table.payoutId, payoutId));
      return row && toRecord(row);
    },
    listEnqueued: async () => {
      const rows = await db.select().from(table).where(eq(table.isEnqueued, true));
      return rows.map(toRecord);
    },
    // Only while still held: a release and a cancellation racing each other, one wins.
    dequeue: async (payoutId, fate) => {
      const [row] = await db
        .update(table)
        .set({ ...fate, isEnqueued: false })
        .where(and(eq(table.payoutId, payoutId), eq(table.isEnqueued, true)))
        .returning();
      return row && toRecord(row);
    },
    markCallbackDelivered: async (payoutId) => {
      await db.update(table).set({ callbackDeliveredAt: new Date() }).where(eq(table.payoutId, payoutId));
    },
    listUndeliveredCallbacks: async () => {
      const rows = await db
        .select()
        .from(table)
        .where(and(isNotNull(table.finalAt), isNull(table.callbackDeliveredAt)));
      return rows.map(toRecord);
    },
  };
}

function toRecord(row: typeof pawapaySandboxPayouts.$inferSelect): SandboxPayoutRecord {
  return {
    accepted: row.accepted as PawapayPayout,
    finalReport: row.finalReport as Partial<PawapayPayout> | null,
    isEnqueued: row.isEnqueued,
    submittedAt: row.submittedAt,
    finalAt: row.finalAt,
    isCallbackDelivered: row.callbackDeliveredAt !== null,
  };
}
