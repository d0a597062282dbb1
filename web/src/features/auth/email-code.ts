import { EMAIL_CODE_LENGTH } from '@stagepass/contract/auth';

/** Keeps what can be part of the code: its digits, at most six, however it was typed or pasted. */
export function normalizeCodeInput(value: string) {
  return value.replace(/\D/g, '').slice(0, EMAIL_CODE_LENGTH);
}

/** The spec's rule: Resend Code appears when the code has expired and the message does not say 'Invalid'. */
export function shouldOfferResend({ isExpired, message }: { isExpired: boolean; message: string }) {
  return isExpired && !message.includes('Invalid');
}
