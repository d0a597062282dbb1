import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Db, readRows } from '../../db/client.ts';
import { items, itemViews } from '../../db/schema/index.ts';
import { clientNetworkOf } from '../../lib/network.ts';

/**
 * Views of any item (a track's plays), once per viewer, item and UTC day (item_views), and
 * the item's running count (items.views). When a view counts (how long one must have
 * listened or watched) is the kind's rule, applied before countItemView.
 */

/**
 * Counts one view unless this viewer's view of the item was counted today already. The
 * primary key (item_id, day, viewer_key) holds "once" under concurrent reports; the item's
 * count moves in the same transaction. True when this call counted it.
 */
export async function countItemView(
  db: Db,
  options: { itemId: string; viewerKey: string; day: string },
): Promise<boolean> {
  const { itemId, viewerKey, day } = options;
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(itemViews)
      .values({ itemId, viewerKey, day })
      .onConflictDoNothing()
      .returning({ itemId: itemViews.itemId });
    if (inserted.length === 0) return false;
    await tx
      .update(items)
      .set({ views: sql`${items.views} + 1` })
      .where(eq(items.id, itemId));
    return true;
  });
}

/**
 * A signed-out viewer, for one day: an HMAC of the network they come from (the address; an
 * IPv6 /64, see clientNetworkOf) under the app's secret and the day, so it cannot be
 * reversed, and yesterday's key cannot be matched to today's (nobody is followed across
 * days). Nothing the client sends is part of it: with the browser in the key, one address
 * counted once per User-Agent it made up. People behind one shared address (a phone
 * carrier's NAT, an office) count as one signed-out viewer a day; signed in, each counts.
 * The text under the HMAC is still the one plays were first counted with, so a visitor's key
 * did not change when plays became the catalogue's views.
 */
export function visitorKeyOf(secret: string, address: string, day: string): string {
  const digest = createHmac('sha256', secret)
    .update(`audio-listener:v2\n${day}\n${clientNetworkOf(address)}`)
    .digest('base64url');
  return `visitor:${digest}`;
}

/** An item's distinct viewers of all time, and its views on each of the `days` UTC days up to `today`. */
export async function readItemViewStats(
  db: Db,
  options: { itemId: string; today: string; days: number },
): Promise<{ viewers: number; viewsByDay: { day: string; views: number }[] }> {
  const { itemId, today, days } = options;
  const [viewerRows, dayRows] = await Promise.all([
    db.execute(
      sql`select count(distinct viewer_key)::int as viewers from ${itemViews} where item_id = ${itemId}`,
    ),
    db.execute(sql`
      select to_char(days.day, 'YYYY-MM-DD') as day, count(v.viewer_key)::int as views
      from generate_series(${today}::date - ${days - 1}::int, ${today}::date, interval '1 day') as days(day)
      left join ${itemViews} as v on v.item_id = ${itemId} and v.day = days.day::date
      group by days.day order by days.day`),
  ]);
  const [viewers] = readRows<{ viewers: number }>(viewerRows);
  return {
    viewers: viewers?.viewers ?? 0,
    viewsByDay: readRows<{ day: string; views: number }>(dayRows),
  };
}
