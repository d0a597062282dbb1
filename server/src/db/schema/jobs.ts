import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Where a job waits: photos and other quick work in 'fast', video and audio conversions
 * in 'heavy'. Each lane has its own workers, so a photo never waits behind a video.
 */
export const JOB_LANES = ['fast', 'heavy'] as const;
export type JobLane = (typeof JOB_LANES)[number];

/**
 * Background work kept in the database, so it survives a restart: a job whose worker died
 * (locked_until passed while 'running') is picked up again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    lane: text('lane', { enum: JOB_LANES }).notNull().default('fast'),
    /** Whose work it is (an upload's owner): within a lane, accounts take turns. Null: nobody's. */
    accountId: text('account_id'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** When a worker last claimed it: how the lane knows which account it served last. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('jobs_due').on(table.status, table.runAfter),
    // "When was this account last served in this lane": one index probe per waiting job.
    index('jobs_lane_account_started').on(table.lane, table.accountId, table.startedAt),
  ],
);

export type JobRow = typeof jobs.$inferSelect;

/**
 * Recurring work (sweeps, reconciliation, pruning), one row a schedule, shared by every
 * server process on the database. A process runs a schedule only by claiming its row once
 * next_run_at has come, and the claim moves next_run_at one interval on: so it runs once
 * per interval across all processes, and a restart keeps the rhythm instead of starting over.
 */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  /** As the code registered it last (a changed interval takes effect at the next start). */
  intervalMs: integer('interval_ms').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  /** Claims so far: fences the writes of a run, as a job's attempts do. */
  runs: integer('runs').notNull().default(0),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
  /** The server instance running it now, and until when its lease holds without renewal. */
  lockedBy: text('locked_by'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export type JobScheduleRow = typeof jobSchedules.$inferSelect;

/**
 * The server processes running now, each renewing its heartbeat. Temporary files and upload
 * reservations carry their process's id, so another process can tell what a dead one left
 * (no row, or a heartbeat gone quiet) from what a live one is still using.
 */
export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  /** The machine and process namespace the pid belongs to (Linux); null where unknown. */
  host: text('host'),
  pid: integer('pid').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ServerInstanceRow = typeof serverInstances.$inferSelect;
