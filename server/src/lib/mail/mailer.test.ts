import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { createMailer } from './mailer.ts';

type ReceivedMail = { from: string; to: string[]; raw: string };

// A real SMTP server on this machine: the mailer goes through the whole SMTP exchange.
const received: ReceivedMail[] = [];
const smtpServer = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let port: number;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtpServer.listen(0, '127.0.0.1', resolve));
  port = (smtpServer.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtpServer.close(() => resolve())));

describe('the SMTP mailer', () => {
  it('delivers subject, text and html to the SMTP server', async () => {
    const { database, dispose } = await createTestDatabase();
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Stagepass <no-reply@stagepass.test>' },
      database.db,
    );
    try {
      expect(mailer.kind).toBe('smtp');
      await mailer.send({
        to: 'mwila@example.com',
        subject: 'Your Stagepass code',
        text: 'Your code is 482913',
        html: '<p>Your code is <b>482913</b></p>',
      });
    } finally {
      mailer.close();
      await dispose();
    }

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe('no-reply@stagepass.test');
    expect(mail?.to).toEqual(['mwila@example.com']);
    const { headers, parts } = splitMime(mail?.raw ?? '');
    expect(headers.subject).toBe('Your Stagepass code');
    expect(headers.from).toBe('Stagepass <no-reply@stagepass.test>');
    expect(parts['text/plain']).toBe('Your code is 482913');
    expect(parts['text/html']).toBe('<p>Your code is <b>482913</b></p>');
  });
});

/** Just enough MIME to read what nodemailer sends: headers and the parts of a multipart body. */
function splitMime(raw: string): { headers: Record<string, string>; parts: Record<string, string> } {
  const [head = '', ...bodyChunks] = raw.split('\r\n\r\n');
  const body = bodyChunks.join('\r\n\r\n');
  const headers = Object.fromEntries(
    head
      .replace(/\r\n[ \t]+/g, ' ')
      .split('\r\n')
      .map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
  );
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const parts: Record<string, string> = {};
  for (const section of boundary ? body.split(`--${boundary}`) : []) {
    const [partHead = '', ...partBody] = section.replace(/^\r\n/, '').split('\r\n\r\n');
    const type = /content-type:\s*([^;\r\n]+)/i.exec(partHead)?.[1]?.trim();
    if (type) parts[type] = decodeQuotedPrintable(partBody.join('\r\n\r\n').trim(), partHead);
  }
  return { headers, parts };
}

function decodeQuotedPrintable(text: string, partHead: string): string {
  if (!/quoted-printable/i.test(partHead)) return text;
  return text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
