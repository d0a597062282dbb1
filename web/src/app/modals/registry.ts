import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ModalBodyProps } from './modal-types';

type ModalEntry = {
  /** Shown as the dialog title when the URL gives no `title`. */
  title: string;
  /** Loaded on first use, so modal code stays out of the first-load JavaScript. */
  Body: LazyExoticComponent<ComponentType<ModalBodyProps>>;
};

const AccountsSoonModal = lazy(() => import('./bodies/accounts-soon-modal'));

/**
 * Every modal that `?modal=<name>` can open. Later features add their entries here
 * (e.g. edit-account, unlock-exclusive-content); unknown names open nothing.
 */
const modalRegistry: Record<string, ModalEntry> = {
  messaging: { title: 'Messaging', Body: lazy(() => import('./bodies/messaging-modal')) },
  alert: { title: 'Notice', Body: lazy(() => import('./bodies/alert-modal')) },
  confirm: { title: 'Are you sure?', Body: lazy(() => import('./bodies/confirm-modal')) },
  // Placeholders until the accounts feature brings the real forms.
  signup: { title: 'Sign Up', Body: AccountsSoonModal },
  signin: { title: 'Sign In', Body: AccountsSoonModal },
};

export function findModal(name: string): ModalEntry | undefined {
  // Object.hasOwn keeps names such as 'constructor' from matching Object.prototype.
  return Object.hasOwn(modalRegistry, name) ? modalRegistry[name] : undefined;
}
