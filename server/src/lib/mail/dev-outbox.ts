import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devOutboxMessages } from '../../db/schema/index.ts';
import type { MailMessage } from './mailer.ts';

const OUTBOX_PAGE_SIZE = 50;

export async function saveToDevOutbox(db: Db, message: MailMessage): Promise<void> {
  await db.insert(devOutboxMessages).values({
    toAddress: normaliseAddress(message.to),
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html ?? null,
  });
}

/** Newest first, as a person reading an inbox expects. */
export async function listDevOutbox(db: Db, to: string) {
  const rows = await db
    .select()
    .from(devOutboxMessages)
    .where(eq(devOutboxMessages.toAddress, normaliseAddress(to)))
    .orderBy(desc(devOutboxMessages.id))
    .limit(OUTBOX_PAGE_SIZE);
  return rows.map((row) => ({
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt.toISOString(),
  }));
}

function normaliseAddress(address: string): string {
  return address.trim().toLowerCase();
}
