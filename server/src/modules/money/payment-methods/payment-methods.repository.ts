import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type PaymentMethodRow, paymentMethods, users } from '../../../db/schema/index.ts';

/**
 * Every change to a person's payment methods first locks that person's users row, so their
 * changes run one at a time: the limits, the duplicate checks and the one preferred method
 * hold under concurrent requests. NO KEY UPDATE leaves rows that merely reference the
 * person (sessions, posts) free to be written meanwhile.
 */
export async function lockPaymentMethodsOf(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** A person's methods, oldest first. */
export function findOwnMethods(db: Db, userId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
}

/** The person's method with this id (and type, when given); someone else's is not found. */
export async function findOwnMethod(
  db: Db,
  options: { userId: string; id: string; type?: PaymentMethodRow['type'] },
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, options.id),
        eq(paymentMethods.userId, options.userId),
        options.type ? eq(paymentMethods.type, options.type) : undefined,
      ),
    );
  return row;
}

/**
 * Clears the flag before another method takes it: the unique index on preferred methods is
 * checked row by row, so one statement swapping two rows could trip over itself.
 */
export async function clearPreferred(tx: Db, userId: string): Promise<void> {
  await tx
    .update(paymentMethods)
    .set({ isPreferred: false })
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.isPreferred, true)));
}

export async function markPreferred(tx: Db, id: string): Promise<PaymentMethodRow> {
  const [row] = await tx
    .update(paymentMethods)
    .set({ isPreferred: true })
    .where(eq(paymentMethods.id, id))
    .returning();
  if (!row) throw new Error(`payment method ${id} vanished while locked`);
  return row;
}
