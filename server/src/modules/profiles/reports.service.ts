import { PROFILE_MESSAGES, type ZReportRequest } from '@stagepass/contract/profiles';
import { asc, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { blocks, profileReports, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hasBlocked } from './blocks.ts';
import { removeFollowsBetween } from './follows.service.ts';
import { findUserByUsername } from './profile-view.service.ts';

type ReportInput = z.output<typeof ZReportRequest>;

export const CANNOT_REPORT_SELF_MESSAGE = 'You cannot report or block your own profile.';

/**
 * Stores a report (or a block, with its reason) for moderators. A block also hides the
 * profile from the blocker and ends follows both ways, in the same transaction; the
 * blocker undoes it from the settings page (blocks.service.ts).
 */
export async function reportProfile(options: {
  db: Db;
  reporterId: string;
  username: string;
  report: ReportInput;
}): Promise<{ success: true; message: string }> {
  const { db, reporterId, report } = options;
  const profile = await findUserByUsername(db, options.username);
  // A profile that blocked the reporter does not exist for them, as in the profile view.
  if (!profile || (await hasBlocked(db, profile.id, reporterId))) {
    throw new AppError('NOT_FOUND', PROFILE_MESSAGES.profileNotFound, 404);
  }
  if (profile.id === reporterId) throw new AppError('VALIDATION_ERROR', CANNOT_REPORT_SELF_MESSAGE);

  await db.transaction(async (tx) => {
    await tx.insert(profileReports).values({
      reporterId,
      profileId: profile.id,
      kind: report.kind,
      reason: report.reason,
      text: report.text,
    });
    if (report.kind !== 'block') return;
    // Both rows in id order, as every writer of two users' counts does, so a block racing
    // a follow or another block waits instead of deadlocking.
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [reporterId, profile.id]))
      .orderBy(asc(users.id))
      .for('no key update');
    await tx.insert(blocks).values({ blockerId: reporterId, blockedId: profile.id }).onConflictDoNothing();
    await removeFollowsBetween(tx, reporterId, profile.id);
  });
  // A block takes effect (the profile is hidden); it is not merely submitted like a report.
  const message =
    report.kind === 'block' ? PROFILE_MESSAGES.profileBlocked(profile.name) : PROFILE_MESSAGES.reportSent;
  return { success: true, message };
}
