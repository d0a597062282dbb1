import type { FastifyInstance } from 'fastify';
import { registerAuthMailJob } from './auth-mail-job.ts';
import { registerEmailVerificationRoutes } from './email-verification.routes.ts';
import { registerPasswordResetRoutes } from './password-reset.routes.ts';
import { registerSecurityQuestionRoutes } from './security-question.routes.ts';
import { registerSessionRoutes } from './sessions.routes.ts';
import { registerSignUpRoutes } from './sign-up.routes.ts';

/** Accounts (contract: authRoutes): sign-up, email codes, sessions, the security question, password reset. */
export async function registerAuthRoutes(app: FastifyInstance): Promise<void> {
  registerAuthMailJob(app);
  registerSignUpRoutes(app);
  registerEmailVerificationRoutes(app);
  registerSessionRoutes(app);
  registerSecurityQuestionRoutes(app);
  registerPasswordResetRoutes(app);
}
