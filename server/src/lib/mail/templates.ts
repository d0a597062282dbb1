import type { MailMessage } from './mailer.ts';

// Every mail Stagepass sends, in one place: subjects and texts (and the html where a mail
// has one). The modules decide when a mail goes and send it with the mailer.

export function verificationCodeMail(options: { to: string; name: string; code: string }): MailMessage {
  return {
    to: options.to,
    subject: `${options.code} is your Stagepass code`,
    text: [
      `Hi ${options.name},`,
      '',
      `Your Stagepass verification code is ${options.code}.`,
      'It works once, for 10 minutes. If you did not sign up for Stagepass, ignore this mail.',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(options.name)},</p><p>Your Stagepass verification code is <b>${options.code}</b>.</p><p>It works once, for 10 minutes. If you did not sign up for Stagepass, ignore this mail.</p>`,
  };
}

export function passwordResetMail(options: { to: string; name: string; link: string }): MailMessage {
  return {
    to: options.to,
    subject: 'Reset your Stagepass password',
    text: [
      `Hi ${options.name},`,
      '',
      'Someone asked to reset the password of your Stagepass account. If it was you, open this link:',
      options.link,
      '',
      'It works once, for 30 minutes. If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(options.name)},</p><p>Someone asked to reset the password of your Stagepass account. If it was you, <a href="${escapeHtml(options.link)}">reset your password</a>.</p><p>The link works once, for 30 minutes. If it was not you, ignore this mail: your password stays as it is.</p>`,
  };
}

export function emailChangeCodeMail(options: { to: string; name: string; code: string }): MailMessage {
  return {
    to: options.to,
    subject: `${options.code} is your Stagepass code`,
    text: [
      `Hi ${options.name},`,
      '',
      `To make this the email address of your Stagepass account, enter the code ${options.code}.`,
      'It works once, for 10 minutes. If you did not ask for this, ignore this mail: nothing changes.',
    ].join('\n'),
  };
}

/** To the old address: if the change was not the owner's doing, this is how they learn of it. */
export function emailChangedNoticeMail(options: { to: string; name: string; newEmail: string }): MailMessage {
  return {
    to: options.to,
    subject: 'Your Stagepass email address was changed',
    text: [
      `Hi ${options.name},`,
      '',
      `The email address of your Stagepass account is now ${options.newEmail}. Mail about the account no longer comes here.`,
      'If you did not make this change, contact Stagepass support at once so we can secure your account.',
    ].join('\n'),
  };
}

export function passEndingMail(options: {
  to: string;
  name: string;
  creatorName: string;
  expiresAt: string;
  isAutoRenew: boolean;
  link: string;
}): MailMessage {
  const next = options.isAutoRenew
    ? 'It renews from your wallet before it ends, if your balance covers it.'
    : 'Renew it to keep seeing everything they post.';
  return {
    to: options.to,
    subject: `Your pass to ${options.creatorName} ends soon`,
    text: [
      `Hi ${options.name},`,
      '',
      `Your pass to ${options.creatorName} ends on ${options.expiresAt}. ${next}`,
      options.link,
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(options.name)},</p><p>Your pass to ${escapeHtml(options.creatorName)} ends on ${escapeHtml(options.expiresAt)}. ${next}</p><p><a href="${escapeHtml(options.link)}">Open ${escapeHtml(options.creatorName)}'s page</a></p>`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A payout reached its end: paid to the number, or not (and the money is available again). */
export function payoutFinishedMail(options: {
  to: string;
  name: string;
  amount: string;
  phone: string;
  isCompleted: boolean;
  isAutomatic: boolean;
  failureReason: string | null;
  link: string;
}): MailMessage {
  const what = options.isAutomatic ? 'Your auto-payout' : 'Your payout';
  const subject = options.isCompleted
    ? `${what} of ${options.amount} was paid`
    : `${what} of ${options.amount} did not go through`;
  const body = options.isCompleted
    ? `${what} of ${options.amount} reached ${options.phone}.`
    : `${what} of ${options.amount} to ${options.phone} did not go through: ${options.failureReason ?? ''} The money is available to pay out again.`;
  return {
    to: options.to,
    subject,
    text: [`Hi ${options.name},`, '', body, options.link].join('\n'),
    html: `<p>Hi ${escapeHtml(options.name)},</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(options.link)}">Open your payouts</a></p>`,
  };
}

/** The day's auto-payout could not be sent for a reason the creator can act on. */
export function autoPayoutSkippedMail(options: {
  to: string;
  name: string;
  note: string;
  link: string;
}): MailMessage {
  const body = `Today's auto-payout was not sent. ${options.note.replace(/^Skipped: /, '')}`;
  return {
    to: options.to,
    subject: "Today's auto-payout was not sent",
    text: [`Hi ${options.name},`, '', body, options.link].join('\n'),
    html: `<p>Hi ${escapeHtml(options.name)},</p><p>${escapeHtml(body)}</p><p><a href="${escapeHtml(options.link)}">Open your payouts</a></p>`,
  };
}
