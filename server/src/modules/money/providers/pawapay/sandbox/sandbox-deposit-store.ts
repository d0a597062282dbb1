import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../../../../db/client.ts';
import { pawapaySandboxDeposits } from '../../../../../db/schema/index.ts';
import type { PawapayDeposit } from '../pawapay-api.ts';

/**
 * A sandbox deposit's whole life is decided when it is accepted (by the payer's number), so
 * it is kept as that decision and its times; what the sandbox answers at any moment is read
 * off the clock (`viewAt`). Nothing but the callback's delivery is written after the insert.
 */
export type SandboxDepositRecord = {
  accepted: PawapayDeposit;
  /** The fields the deposit takes when final; null when it stays SUBMITTED for ever. */
  finalReport: Partial<PawapayDeposit> | null;
  submittedAt: Date;
  finalAt: Date | null;
  isCallbackDelivered: boolean;
};

export type SandboxDepositStore = {
  /** False when a deposit with this id exists already (pawaPay's DUPLICATE_IGNORED). */
  add(record: SandboxDepositRecord): Promise<boolean>;
  find(depositId: string): Promise<SandboxDepositRecord | undefined>;
  markCallbackDelivered(depositId: string): Promise<void>;
  /** Final (or to be final) deposits whose callback was never answered 200. */
  listUndeliveredCallbacks(): Promise<SandboxDepositRecord[]>;
};

/** The deposit as pawaPay would answer about it at `now`. */
export function viewAt(record: SandboxDepositRecord, now: Date): PawapayDeposit {
  if (record.finalAt && now >= record.finalAt) return { ...record.accepted, ...record.finalReport };
  if (now >= record.submittedAt) return { ...record.accepted, status: 'SUBMITTED' };
  return record.accepted;
}

/** For a sandbox that runs apart from our server in the tests, as the provider does. */
export function createMemoryDepositStore(): SandboxDepositStore {
  const records = new Map<string, SandboxDepositRecord>();
  return {
    add: async (record) => {
      if (records.has(record.accepted.depositId)) return false;
      records.set(record.accepted.depositId, record);
      return true;
    },
    find: async (depositId) => records.get(depositId),
    markCallbackDelivered: async (depositId) => {
      const record = records.get(depositId);
      if (record) record.isCallbackDelivered = true;
    },
    listUndeliveredCallbacks: async () =>
      [...records.values()].filter((record) => record.finalAt && !record.isCallbackDelivered),
  };
}

/** For the sandbox mounted on our own server: it survives the server being killed. */
export function createDatabaseDepositStore(db: Db): SandboxDepositStore {
  const table = pawapaySandboxDeposits;
  return {
    add: async (record) => {
      const inserted = await db
        .insert(table)
        .values({
          depositId: record.accepted.depositId,
          accepted: record.accepted,
          finalReport: record.finalReport,
          submittedAt: record.submittedAt,
          finalAt: record.finalAt,
        })
        .onConflictDoNothing()
        .returning({ depositId: table.depositId });
      return inserted.length === 1;
    },
    find: async (depositId) => {
      const [row] = await db.select().from(table).where(eq(table.depositId, depositId));
      return row && toRecord(row);
    },
    markCallbackDelivered: async (depositId) => {
      await db.update(table).set({ callbackDeliveredAt: new Date() }).where(eq(table.depositId, depositId));
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

function toRecord(row: typeof pawapaySandboxDeposits.$inferSelect): SandboxDepositRecord {
  return {
    accepted: row.accepted as PawapayDeposit,
    finalReport: row.finalReport as Partial<PawapayDeposit> | null,
    submittedAt: row.submittedAt,
    finalAt: row.finalAt,
    isCallbackDelivered: row.callbackDeliveredAt !== null,
  };
}
