import { SettingsPage } from '../../features/account-settings/settings-page';
import { BlockedAccountsSection } from '../../features/profiles/components/blocked-accounts-section';
import { PaymentMethodsSection } from '../../features/wallet/components/payment-methods/payment-methods-section';

/**
 * /{username}/settings: the account-settings feature's page with the sections other
 * features own, the wallet's payment methods and the profiles feature's blocked accounts.
 * Features do not import each other's components, so the app puts them together.
 */
export default function SettingsPageWithSections() {
  return (
    <SettingsPage paymentMethods={<PaymentMethodsSection />} blockedAccounts={<BlockedAccountsSection />} />
  );
}
