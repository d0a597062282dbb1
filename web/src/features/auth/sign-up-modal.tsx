import { useState } from 'react';
import type { ModalBodyProps } from '../../app/modals/modal-types';
import { CompleteSocialSignUpForm } from './components/complete-social-sign-up-form';
import { SignUpForm } from './components/sign-up-form';
import { findRoleInModalOptions, rememberSignUpRole } from './social-sign-in';

/**
 * `?modal=signup`: the two-step sign-up form. `signup/creator` (or `/fan`) remembers the
 * role the visitor chose; `signup/complete-signup` finishes a social sign-up.
 */
export default function SignUpModal({ options }: ModalBodyProps) {
  // Stored while rendering (once, and harmless to repeat) rather than in an effect, so the
  // 'Continue with' link below already carries the role on its first render.
  useState(() => {
    const role = findRoleInModalOptions(options);
    if (role) rememberSignUpRole(role);
  });

  if (options.split('.').includes('complete-signup')) return <CompleteSocialSignUpForm />;
  return <SignUpForm />;
}
