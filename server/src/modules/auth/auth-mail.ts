import type { Mailer } from '../../lib/mail/mailer.ts';

export function sendVerificationCode(mailer: Mailer, options: { to: string; name: string; code: string }) {
  return mailer.send({
    to: options.to,
    subject: `${options.code} is your Stagepass code`,
    text: [
      `Hi ${options.name},`,
      '',
      `Your Stagepass verification code is ${options.code}.`,
      'It works once, for 10 minutes. If you did not sign up for Stagepass, ignore this mail.',
    ].join('\n'),
    html: `<p>Hi ${escapeHtml(options.name)},</p><p>Your Stagepass verification code is <b>${options.code}</b>.</p><p>It works once, for 10 minutes. If you did not sign up for Stagepass, ignore this mail.</p>`,
  });
}

export function sendPasswordResetLink(mailer: Mailer, options: { to: string; name: string; link: string }) {
  return mailer.send({
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
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
