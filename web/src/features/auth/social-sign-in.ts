import { ACCOUNT_TYPES } from '@stagepass/contract/auth';
import { isSameOriginPath } from './sign-in-sequence';

export type SignUpRole = (typeof ACCOUNT_TYPES)[number];

// The spec keeps the role chosen before a social sign-up in local storage: the provider's
// pages come in between, and the role must survive them to preselect account setup.
const roleStorageKey = 'stagepass.sign-up-role';

function isSignUpRole(value: unknown): value is SignUpRole {
  return typeof value === 'string' && (ACCOUNT_TYPES as readonly string[]).includes(value);
}

/** The role a visitor chose before signing up (e.g. from `?modal=signup/creator`), if any. */
export function readSignUpRole(storage: Pick<Storage, 'getItem'> = localStorage): SignUpRole | null {
  try {
    const role = storage.getItem(roleStorageKey);
    return isSignUpRole(role) ? role : null;
  } catch {
    return null; // Storage can be blocked (private modes, site settings): no role then.
  }
}

export function rememberSignUpRole(role: SignUpRole, storage: Pick<Storage, 'setItem'> = localStorage) {
  try {
    storage.setItem(roleStorageKey, role);
  } catch {
    // Blocked storage only loses the preselection.
  }
}

export function forgetSignUpRole(storage: Pick<Storage, 'removeItem'> = localStorage) {
  try {
    storage.removeItem(roleStorageKey);
  } catch {
    // Nothing to forget.
  }
}

/** A role from a query value such as `?role=creator`, if it is one. */
export function parseSignUpRole(value: string | null): SignUpRole | null {
  return isSignUpRole(value) ? value : null;
}

/** The role named in the signup modal's options ('creator', or 'fan'), if any. */
export function findRoleInModalOptions(options: string): SignUpRole | null {
  return options.split('.').find(isSignUpRole) ?? null;
}

/**
 * The address that starts social sign-in: the server's start URL with the remembered role
 * (kept through the provider for a new account) and the page to return to.
 */
export function buildSocialStartUrl(
  startUrl: string,
  { role, nextPage }: { role: SignUpRole | null; nextPage: string | null },
) {
  const query = new URLSearchParams();
  if (role) query.set('role', role);
  if (isSameOriginPath(nextPage)) query.set('next', nextPage);
  const search = query.toString();
  return search ? `${startUrl}?${search}` : startUrl;
}

/** Where a new social account goes after sign-up: account setup, with its role preselected. */
export function buildAccountSetupPath(role: SignUpRole | null) {
  return role ? `/account-setup?role=${role}` : '/account-setup';
}
