import { useState } from 'react';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { AlreadySignedIn, useSignedInAtOpening } from './components/already-signed-in';
import { CompleteSocialSignUpForm } from './components/complete-social-sign-up-form';
import { SignUpForm } from './components/sign-up-form';
import { findRoleInModalOptions, rememberSignUpRole } from './social-sign-in';

/**
 * `?modal=signup`: the two-step sign-up form. `signup/creator` (or `/fan`) remembers the
 * role the visitor chose; `signup/complete-signup` finishes a social sign-up. Someone already
 * signed in is told so.
 */
export default function SignUpModal({ options, closeModal }: ModalBodyProps) {
  const user = useSignedInAtOpening();
  // Stored while rendering (once, and harmless to repeat) rather than in an effect, so the
  // 'Continue with' link below already carries the role on its first render.
  useState(() => {
    const role = findRoleInModalOptions(options);
    if (role) rememberSignUpRole(role);
  });

  // Finishing a social sign-up happens signed in; a new account does not.
  if (options.split('.').includes('complete-signup')) return <CompleteSocialSignUpForm />;
  if (user === undefined) return <p className="modal__loading">Loading…</p>;
  if (user) return <AlreadySignedIn user={user} closeModal={closeModal} />;
  return <SignUpForm />;
}
