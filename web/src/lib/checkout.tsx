import type { TPurchase, TPurchaseRequest } from '@stagepass/contract/purchases';
import { type ComponentType, createContext, type ReactNode, Suspense, useContext } from 'react';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a feature sells, in the purchase API's words; the checkout adds the id, the funding and the price shown. */
export type TPurchaseOrder = DistributiveOmit<TPurchaseRequest, 'purchaseId' | 'funding' | 'expectedAmount'>;

export type CheckoutProps = {
  /** The form's accessible name: 'Unlock this post'. */
  label: string;
  /** The price shown, in ngwee; null while the fan has not chosen one (support). */
  amount: number | null;
  /** The button's words when the wallet pays it all: 'Send K10 tip'. */
  submitLabel: string;
  /** What to buy, or null when the fan's own input has an error (the caller shows it). */
  buildOrder: () => TPurchaseOrder | null;
  /** Once, when the purchase completed, from the wallet or with its top-up. */
  onCompleted: (purchase: TPurchase) => void;
  /** Offers Close after success; without it the caller moves on in onCompleted. */
  onClose?: () => void;
  /** The dialog's title, following the outcome as the Topup panel's does. */
  setTitle?: (title: string | null) => void;
  /** What is being bought; a function gets whether the flow has it locked (a field of the fan's). */
  children?: ReactNode | ((isLocked: boolean) => ReactNode);
};

/**
 * The one checkout every paid thing uses (a pass, an unlock, a tip, support): the wallet
 * feature implements it and the app hands it in (app.tsx), so features that sell never
 * import the wallet's components, and its code loads only when a checkout is shown.
 */
const CheckoutContext = createContext<ComponentType<CheckoutProps> | null>(null);

export const CheckoutProvider = CheckoutContext.Provider;

export function Checkout(props: CheckoutProps) {
  const Implementation = useContext(CheckoutContext);
  if (!Implementation) throw new Error('No checkout: the app provides one (CheckoutProvider in app.tsx).');
  return (
    <Suspense fallback={<p className="modal__loading">Loading…</p>}>
      <Implementation {...props} />
    </Suspense>
  );
}
