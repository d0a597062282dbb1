import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passes, users } from '../../db/schema/index.ts';
import { createPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { activePassCondition, hasActivePass } from './passes.service.ts';

const testApp = setupTestApp();

describe('access through a pass', () => {
  it('gives access while the pass runs and none once it has expired, to that creator only', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const other = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const lapsedFan = await createPerson(app, { role: 'fan' });
    await app.db.insert(passes).values([
      { fanId: fan.id, creatorId: creator.id, period: 'weekly', expiresAt: new Date(Date.now() + 60_000) },
      {
        fanId: lapsedFan.id,
        creatorId: creator.id,
        period: 'daily',
        expiresAt: new Date(Date.now() - 1_000),
      },
    ]);

    expect(await hasActivePass(app.db, fan.id, creator.id)).toBe(true);
    expect(await hasActivePass(app.db, lapsedFan.id, creator.id)).toBe(false);
    expect(await hasActivePass(app.db, fan.id, other.id)).toBe(false);

    // The same rule inside a query, against a column of the outer one.
    const rows = await app.db
      .select({ id: users.id, hasPass: activePassCondition(fan.id, users.id) })
      .from(users)
      .where(sql`${users.id} in (${creator.id}, ${other.id})`);
    expect(Object.fromEntries(rows.map((row) => [row.id, row.hasPass]))).toEqual({
      [creator.id]: true,
      [other.id]: false,
    });
    const lapsed = await app.db
      .select({ id: users.id })
      .from(users)
      .where(activePassCondition(lapsedFan.id, users.id));
    expect(lapsed).toEqual([]);
    expect(await app.db.select().from(passes).where(eq(passes.fanId, lapsedFan.id))).toHaveLength(1);
  });
});
