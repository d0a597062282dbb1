import { describePurchaseForCreator, describePurchaseForFan } from '@stagepass/contract/purchase-titles';
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { purchases, users } from '../../../db/schema/index.ts';
import { purchaseReference } from './pay-purchase.ts';

/**
 * Names the purchase lines of a page of the statement for the person reading it: the fan's
 * wallet line says what and to whom, the creator's earnings line what and from whom. The
 * booking's reference ('purchase:<id>') leads to the purchase; one query for the page.
 */

type StatementLine = { id: string; account: 'wallet' | 'earnings'; reference: string | null };
type NamedLine = {
  purchaseId: string;
  description: string;
  counterpart: { username: string; name: string } | null;
};

const referencePrefix = purchaseReference('');

export async function namePurchaseLines(
  db: Db,
  lines: readonly StatementLine[],
): Promise<Map<string, NamedLine>> {
  const purchaseIds = [
    ...new Set(
      lines.flatMap((line) =>
        line.reference?.startsWith(referencePrefix) ? [line.reference.slice(referencePrefix.length)] : [],
      ),
    ),
  ];
  const named = new Map<string, NamedLine>();
  if (purchaseIds.length === 0) return named;
  const creators = alias(users, 'creators');
  const fans = alias(users, 'fans');
  const rows = await db
    .select({
      id: purchases.id,
      kind: purchases.kind,
      details: purchases.details,
      creatorUsername: creators.username,
      creatorName: creators.name,
      fanUsername: fans.username,
      fanName: fans.name,
    })
    .from(purchases)
    .leftJoin(creators, eq(creators.id, purchases.creatorId))
    .leftJoin(fans, eq(fans.id, purchases.fanId))
    .where(inArray(purchases.id, purchaseIds));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const line of lines) {
    const purchase = line.reference ? byId.get(line.reference.slice(referencePrefix.length)) : undefined;
    if (!purchase) continue;
    const isEarnings = line.account === 'earnings';
    const username = isEarnings ? purchase.fanUsername : purchase.creatorUsername;
    const name = isEarnings ? purchase.fanName : purchase.creatorName;
    const naming = { kind: purchase.kind, details: purchase.details, counterpartName: name };
    named.set(line.id, {
      purchaseId: purchase.id,
      description: isEarnings ? describePurchaseForCreator(naming) : describePurchaseForFan(naming),
      counterpart: username && name !== null ? { username, name } : null,
    });
  }
  return named;
}
