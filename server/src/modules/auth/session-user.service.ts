import type { TCreatorCategory, TSessionUser } from '@stagepass/contract/auth';
import type { TCountryCode } from '@stagepass/contract/countries';
import { toAvatarAsset } from '@stagepass/contract/media';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SessionRow, users } from '../../db/schema/index.ts';
import type { CurrentSession } from '../../plugins/session.ts';
import { readWalletSummary, type WalletSummary } from '../money/wallet/wallet-summary.service.ts';

// The spec's session view carries the country's calling and currency codes; only Zambia
// is served for payments now, other countries get their own entries when they open.
const COUNTRY_DETAILS: Partial<Record<TCountryCode, { country_code: string; currency_code: string }>> = {
  ZM: { country_code: '260', currency_code: 'ZMW' },
};

/** The spec's "User (session view)": what the signed-in browser may know about itself. */
export async function describeSessionUser(db: Db, current: CurrentSession): Promise<TSessionUser> {
  return toSessionUser(current, await readWalletSummary(db, current.user.id));
}

function toSessionUser(
  { user, session, isSecurityChecked }: CurrentSession,
  wallet: WalletSummary,
): TSessionUser {
  const country = user.countryCode as TCountryCode;
  const details = COUNTRY_DETAILS[country] ?? { country_code: '', currency_code: 'ZMW' };
  return {
    _id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    isEmailVerified: user.emailVerifiedAt !== null,
    imageAsset: toAvatarAsset(user.avatarPublicId),
    account_type: user.role
      ? {
          name: user.role,
          tools: user.role === 'creator' ? 'both' : 'none',
          cartegory: user.role === 'creator' ? (user.category as TCreatorCategory) : null,
        }
      : null,
    // Ngwee, from the ledger: what tipping checks and the account menu shows.
    accountBalance: { amount: wallet.balance },
    country: { code: country, ...details },
    payment_methods: { mobileMoney: wallet.mobileMoney, bank: [] },
    security_question: user.securityQuestion ? { question: user.securityQuestion } : null,
    isSecurityQuestionVerified: isSecurityChecked,
    autoPayout: { enabled: user.isAutoPayoutEnabled },
    published: user.published,
    signedInWith: session.signedInWith,
  };
}

/** The session view of a session just made (sign-up, sign-in): not yet security-checked. */
export async function describeSession(db: Db, session: SessionRow): Promise<TSessionUser> {
  const [user] = await db.select().from(users).where(eq(users.id, session.userId)).limit(1);
  if (!user) throw new Error(`session ${session.id} has no user`);
  return describeSessionUser(db, { session, user, isSecurityChecked: false });
}
