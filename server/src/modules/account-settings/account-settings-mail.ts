import type { Mailer } from '../../lib/mail/mailer.ts';

export function sendEmailChangeCode(mailer: Mailer, options: { to: string; name: string; code: string }) {
  return mailer.send({
    to: options.to,
    subject: `${options.code} is your Stagepass code`,
    text: [
      `Hi ${options.name},`,
      '',
      `To make this the email address of your Stagepass account, enter the code ${options.code}.`,
      'It works once, for 10 minutes. If you did not ask for this, ignore this mail: nothing changes.',
    ].join('\n'),
  });
}

/** To the old address: if the change was not the owner's doing, this is how they learn of it. */
export function sendEmailChangedNotice(
  mailer: Mailer,
  options: { to: string; name: string; newEmail: string },
) {
  return mailer.send({
    to: options.to,
    subject: 'Your Stagepass email address was changed',
    text: [
      `Hi ${options.name},`,
      '',
      `The email address of your Stagepass account is now ${options.newEmail}. Mail about the account no longer comes here.`,
      'If you did not make this change, contact Stagepass support at once so we can secure your account.',
    ].join('\n'),
  });
}
