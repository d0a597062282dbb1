import { PAYMENT_METHOD_MESSAGES } from '@stagepass/contract/payment-methods';
import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, createAccount, openPageAs } from './support/accounts.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser, PHONE } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

// The sandbox decides by the number's last three digits, as pawaPay's own sandbox does:
// …789 completes after a few seconds, …049 fails for an insufficient balance.
const COMPLETING_NUMBER = '0763456789';
const INSUFFICIENT_NUMBER = '+260763456049';
// The status is checked every 10 seconds (spec), so an outcome can take one poll and a bit.
const OUTCOME_TIMEOUT = 30_000;

let fan: Account;
let cardHolder: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  fan = await createAccount('Chipo Mwale', 'chipomwale', { name: 'fan' });
  cardHolder = await createAccount('Bwalya Zulu', 'bwalyazulu', { name: 'fan' });
});
afterAll(async () => {
  await browser?.close();
});

/** The requests a page sends to the given paths, as they leave it. */
function recordRequests(page: Page, pathPrefixes: string[]) {
  const sent: { path: string; body: string | null }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathPrefixes.some((prefix) => pathname.startsWith(prefix))) {
      sent.push({ path: pathname, body: request.postData() });
    }
  });
  return sent;
}

describe('topping up the wallet by mobile money', () => {
  it('tops up K20 with a completing number and shows K20 in the panel, on the wallet page and in the menu', async () => {
    const { page, context, problems } = await openPageAs(browser, fan);
    try {
      await page.goto(`${baseUrl}/wallet`);
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Wallet' }).waitFor();
      await main.getByTestId('wallet-balance').filter({ hasText: 'K0' }).waitFor();
      await main.getByText('No transactions yet. Top up to start.').waitFor();

      await main.getByRole('button', { name: 'Top up' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Top up' }).waitFor();
      expect(page.url()).toContain('modal=topup');

      // An amount is required, and nothing is sent without one.
      const deposits = recordRequests(page, ['/api/pawapay/']);
      await dialog.getByLabel('Mobile money number').fill(COMPLETING_NUMBER);
      await dialog.getByRole('button', { name: 'Pay' }).click();
      await dialog.getByText(WALLET_MESSAGES.amountRequired).waitFor();
      expect(deposits).toEqual([]);

      // The operator is known from the prefix, with its logo.
      await dialog.getByText('MTN', { exact: true }).waitFor();
      const k20 = dialog.getByRole('button', { name: 'K20', exact: true });
      await k20.click();
      expect(await k20.getAttribute('aria-pressed')).toBe('true');
      expect(await dialog.getByLabel('Amount in kwacha').inputValue()).toBe('20');
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Pay' }).click();
      const status = dialog.getByRole('status');
      await dialog.getByRole('button', { name: WALLET_MESSAGES.waiting }).waitFor();
      await status.getByText(WALLET_MESSAGES.promptSent).waitFor();
      expect(await dialog.getByLabel('Amount in kwacha').isDisabled()).toBe(true);
      expect(deposits).toHaveLength(1);
      const body = JSON.parse(deposits[0]?.body ?? '{}');
      expect(body).toMatchObject({
        amount: '20',
        currency: 'ZMW',
        country: 'ZMB',
        correspondent: 'MTN_MOMO_ZMB',
        payer: { type: 'MSISDN', address: { value: '260763456789' } },
        statementDescription: 'Wallet topup',
      });
      expect(body.preAuthorisationCode).toMatch(/^[A-Za-z0-9]{16}$/);

      await status.getByText(WALLET_MESSAGES.completed).waitFor({ timeout: OUTCOME_TIMEOUT });
      await dialog.getByRole('heading', { name: WALLET_MESSAGES.completed }).waitFor();
      // The status was asked for with the id the browser made.
      expect(deposits.map(({ path }) => path)).toContain(
        `/api/pawapay/deposits-api/deposit-status/${body.depositId}`,
      );
      // The balance is fetched again a second after the success.
      await dialog.getByTestId('topup-balance').filter({ hasText: /^K20$/ }).waitFor();
      // The panel's own button became a close button (the dialog's × is the other 'Close').
      await dialog
        .getByRole('form', { name: 'Top up your wallet' })
        .getByRole('button', { name: 'Close' })
        .click();
      await dialog.waitFor({ state: 'detached' });

      await main.getByTestId('wallet-balance').filter({ hasText: /^K20$/ }).waitFor();
      const line = main.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first();
      await line.getByText('Top-up').waitFor();
      await line.getByText('+K20').waitFor();
      await line.getByText('Completed').waitFor();

      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Wallet K20' }).waitFor();
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("says 'Transaction failed!' with the insufficient-funds text, and Try again resets the form (phone, dark)", async () => {
    const { page, context } = await openPageAs(browser, fan, { viewport: PHONE, colorScheme: 'dark' });
    try {
      await page.goto(`${baseUrl}/wallet?modal=topup`);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Top up' }).waitFor();
      const amount = dialog.getByLabel('Amount in kwacha');
      await amount.fill('12.5');
      await dialog.getByLabel('Mobile money number').fill('0551234567');
      await dialog.getByRole('button', { name: 'Pay' }).click();
      await dialog.getByText(WALLET_MESSAGES.amountWhole).waitFor();
      await dialog.getByText('This number is not on MTN, Airtel or Zamtel mobile money.').waitFor();

      await amount.fill('15');
      await dialog.getByLabel('Mobile money number').fill(INSUFFICIENT_NUMBER);
      await dialog.getByRole('button', { name: 'Pay' }).click();
      const status = dialog.getByRole('status');
      await status.getByText(WALLET_MESSAGES.failed).waitFor({ timeout: OUTCOME_TIMEOUT });
      await status.getByText(WALLET_MESSAGES.insufficientFunds).waitFor();
      await dialog.getByRole('heading', { name: WALLET_MESSAGES.failed }).waitFor();
      // The form is enabled again, with what was typed.
      expect(await amount.isEnabled()).toBe(true);
      expect(await amount.inputValue()).toBe('15');
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: WALLET_MESSAGES.tryAgain }).click();
      await dialog.getByRole('button', { name: 'Pay' }).waitFor();
      await dialog.getByRole('heading', { name: 'Top up' }).waitFor();
      expect(await status.textContent()).toBe('');
      expect(await amount.inputValue()).toBe('15');

      // The failed attempt is on the statement, and the balance did not move.
      await page.goto(`${baseUrl}/wallet`);
      const main = page.getByRole('main');
      const line = main.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first();
      await line.getByText('Failed').waitFor();
      await line.getByText('Not enough money on the mobile money account.').waitFor();
      await main.getByTestId('wallet-balance').filter({ hasText: /^K20$/ }).waitFor();
      // 360 px wide: nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    } finally {
      await context.close();
    }
  });
});

describe('payment methods in settings', () => {
  it('flags an empty card form and sends nothing, then saves a card as a token only', async () => {
    const { page, context, problems } = await openPageAs(browser, cardHolder);
    try {
      const sent = recordRequests(page, ['/sandbox/cards', '/api/payment-methods/cards']);
      await page.goto(`${baseUrl}/${cardHolder.username}/settings`);
      const section = page.getByRole('region', { name: 'Payment methods' });
      await section.getByText('No cards yet.').waitFor();
      await section.getByRole('button', { name: 'Add a Card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a Card' });
      await dialog.getByLabel('Expires').waitFor();
      expect(await dialog.getByLabel('Expires').getAttribute('placeholder')).toBe('MM/YY');

      await dialog.getByRole('button', { name: 'Add card' }).click();
      for (const message of [
        PAYMENT_METHOD_MESSAGES.cardNumberRequired,
        PAYMENT_METHOD_MESSAGES.expiresRequired,
        PAYMENT_METHOD_MESSAGES.cvcRequired,
      ]) {
        await dialog.getByText(message).waitFor();
      }
      for (const label of ['Card number', 'Expires', 'CVC']) {
        expect(await dialog.getByLabel(label).getAttribute('aria-invalid')).toBe('true');
      }
      // One field still empty: still nothing leaves the page.
      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
      await dialog.getByLabel('Expires').fill('12/30');
      await dialog.getByRole('button', { name: 'Add card' }).click();
      await dialog.getByText(PAYMENT_METHOD_MESSAGES.cvcRequired).waitFor();
      expect(sent).toEqual([]);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);

      // A number that fails Luhn's check: the tokeniser says so under the field.
      await dialog.getByLabel('Card number').fill('4242 4242 4242 4241');
      await dialog.getByLabel('CVC').fill('123');
      await dialog.getByRole('button', { name: 'Add card' }).click();
      await dialog.getByText(PAYMENT_METHOD_MESSAGES.cardNumberInvalid).waitFor();
      expect(sent.map(({ path }) => path)).toEqual(['/sandbox/cards/tokens']);

      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
      await dialog.getByLabel('Make this my preferred payment method').check();
      await dialog.getByRole('button', { name: 'Add card' }).click();
      await dialog.waitFor({ state: 'detached' });
      const card = section.getByRole('listitem', { name: 'Visa •••• •••• •••• 4242' });
      await card.getByText('Expires 12/30').waitFor();
      await card.getByText('Active').waitFor();

      // Our API got the token, never the card.
      const saved = sent.filter(({ path }) => path === '/api/payment-methods/cards');
      expect(saved).toHaveLength(1);
      const savedBody = JSON.parse(saved[0]?.body ?? '{}');
      expect(Object.keys(savedBody).sort()).toEqual(['preffered', 'token']);
      expect(saved[0]?.body).not.toContain('4242');
      expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('adds, edits, prefers and removes mobile money and cards, and the Topup panel starts with the preferred number', async () => {
    const { page, context } = await openPageAs(browser, cardHolder);
    try {
      await page.goto(`${baseUrl}/${cardHolder.username}/settings`);
      const section = page.getByRole('region', { name: 'Payment methods' });
      const card = section.getByRole('listitem', { name: 'Visa •••• •••• •••• 4242' });
      await card.getByText('Active').waitFor();

      await section.getByLabel('Add mobile money number').fill('0971234567');
      await section.getByText('Airtel', { exact: true }).waitFor();
      await section.getByRole('button', { name: 'Add number' }).click();
      const airtel = section.getByRole('listitem', { name: 'Airtel +260 97 123 4567' });
      await airtel.waitFor();

      // Preferred: the card's flag goes, the number's comes.
      await airtel.getByRole('button', { name: 'Set as preferred' }).click();
      await airtel.getByText('Preferred').waitFor();
      await card.getByText('Active').waitFor({ state: 'detached' });
      await card.getByRole('button', { name: 'Set as preferred' }).waitFor();

      // A refused choice: the old flags come back, a toast says so, the list is read again.
      await page.route('**/api/payment-methods/preferred', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'Something went wrong.', code: 'INTERNAL' }),
        }),
      );
      await card.getByRole('button', { name: 'Set as preferred' }).click();
      await page.getByText(WALLET_MESSAGES.errorOccured).waitFor();
      await airtel.getByText('Preferred').waitFor();
      await card.getByRole('button', { name: 'Set as preferred' }).waitFor();
      await page.unroute('**/api/payment-methods/preferred');

      // Editing the phone: it must not be empty.
      await airtel.getByRole('button', { name: 'Edit' }).click();
      const phone = airtel.getByLabel('Phone number');
      await phone.fill('');
      await airtel.getByRole('button', { name: 'Save number' }).click();
      await airtel.getByText(PAYMENT_METHOD_MESSAGES.phoneRequired).waitFor();
      await phone.fill('0961234567');
      await airtel.getByRole('button', { name: 'Save number' }).click();
      const mtn = section.getByRole('listitem', { name: 'MTN +260 96 123 4567' });
      await mtn.getByText('Preferred').waitFor();

      // The Topup panel starts with the preferred number.
      await page.goto(`${baseUrl}/wallet?modal=topup`);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: /\+260 96 123 4567/ }).waitFor();
      expect(await dialog.getByRole('radio', { name: /\+260 96 123 4567/ }).isChecked()).toBe(true);
      await dialog.getByRole('radio', { name: 'Another number' }).check();
      await dialog.getByLabel('Mobile money number').waitFor();

      // Removing asks first; Cancel keeps the card.
      await page.goto(`${baseUrl}/${cardHolder.username}/settings`);
      await card.getByRole('button', { name: 'Remove' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete payment method' });
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await card.waitFor();
      await card.getByRole('button', { name: 'Remove' }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await card.waitFor({ state: 'detached' });
      await section.getByText('No cards yet.').waitFor();
      await mtn.waitFor();
    } finally {
      await context.close();
    }
  });
});
