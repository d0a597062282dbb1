import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mail that was not sent because no SMTP server is configured (never in production). */
export const devOutboxMessages = pgTable(
  'dev_outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dev_outbox_messages_to_newest').on(table.toAddress, table.id.desc())],
);
