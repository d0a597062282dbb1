import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { hashSecret, normaliseAnswer, verifySecret } from '../../lib/passwords.ts';

export async function setSecurityQuestion(options: {
  db: Db;
  userId: string;
  question: string;
  answer: string;
}) {
  await options.db
    .update(users)
    .set({
      securityQuestion: options.question,
      securityAnswerHash: await hashSecret(normaliseAnswer(options.answer)),
      updatedAt: new Date(),
    })
    .where(eq(users.id, options.userId));
}

export async function checkSecurityAnswer(options: {
  answerHash: string | null;
  answer: string;
}): Promise<void> {
  if (!options.answerHash) {
    throw new AppError('NO_SECURITY_QUESTION', 'Set a security question first.', 409);
  }
  if (!(await verifySecret(options.answerHash, normaliseAnswer(options.answer)))) {
    throw new AppError('WRONG_ANSWER', AUTH_MESSAGES.wrongAnswer, 400);
  }
}
