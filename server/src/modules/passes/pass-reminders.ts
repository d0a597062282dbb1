import { PASS_PERIODS, PASS_REMINDER_LEAD_MS } from '@stagepass/contract/passes';
import { type SQL, sql } from 'drizzle-orm';
import { passes } from '../../db/schema/index.ts';

/**
 * The one rule of when a pass is reminded of (PASS_REMINDER_LEAD_MS: a day before a weekly
 * or monthly pass ends, two hours before a daily one), in SQL for the mail's schedule and
 * for the fan's list of passes alike.
 */

/** When the reminder of the row's pass is due: its expiry less its period's lead. */
export const passReminderTime: SQL<Date> = sql<Date>`(${passes.expiresAt} - case ${passes.period} ${sql.join(
  PASS_PERIODS.map(
    (period) =>
      sql`when ${period} then make_interval(secs => ${sql.raw(String(PASS_REMINDER_LEAD_MS[period] / 1000))})`,
  ),
  sql` `,
)} end)`;

/** The pass is still running and its reminder is due. */
export const isPassEndingSoon: SQL<boolean> = sql<boolean>`(${passes.expiresAt} > now() and ${passReminderTime} <= now())`;
