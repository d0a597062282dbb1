import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { saveToDevOutbox } from './dev-outbox.ts';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = {
  kind: 'smtp' | 'dev-outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/**
 * Mail goes over SMTP when SMTP_URL is set. Without it (never in production: config
 * refuses) it lands in the dev outbox, readable at GET /api/dev/outbox?to=EMAIL.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Db): Mailer {
  if (!config.smtpUrl) {
    return { kind: 'dev-outbox', send: (message) => saveToDevOutbox(db, message), close: () => {} };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    kind: 'smtp',
    send: async (message) => {
      await transport.sendMail({ from: config.mailFrom, ...message });
    },
    close: () => transport.close(),
  };
}
