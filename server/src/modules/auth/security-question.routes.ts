import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { authRoutes } from '@stagepass/contract/auth';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import { setSecurityCheckCookie } from '../../plugins/session.ts';
import { checkSecurityAnswer, setSecurityQuestion } from './security-question.service.ts';

/** The security question: choosing it, and answering it for this session. */
export function registerSecurityQuestionRoutes(app: FastifyInstance): void {
  const { db, config } = app;
  const limitAnswersPerAccount = limitPerSignedInAccount(app, 'security-answer', {
    max: 5,
    timeWindow: '15 minutes',
  });

  registerRoute(
    app,
    authRoutes.setSecurityQuestion,
    async (request, reply, { user, session, isSecurityChecked }) => {
      // Replacing a question needs the current one answered in this session: else a borrowed session could take it over.
      if (user.securityAnswerHash && !isSecurityChecked)
        throw new AppError('SECURITY_CHECK_REQUIRED', SETTINGS_MESSAGES.securityCheckRequired, 403);
      await setSecurityQuestion({ db, userId: user.id, ...request.body });
      // Whoever just chose the answer has nothing left to prove in this session.
      setSecurityCheckCookie(reply, config, session.id);
      return { success: true as const, message: 'Your security question is saved.' };
    },
  );

  registerRoute(
    app,
    authRoutes.verifySecurityQuestion,
    async (request, reply, { user, session }) => {
      await checkSecurityAnswer({ answerHash: user.securityAnswerHash, answer: request.body.answer });
      setSecurityCheckCookie(reply, config, session.id);
      return { success: true as const, message: 'Thanks, that is right.' };
    },
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } }, preHandler: limitAnswersPerAccount },
  );
}
