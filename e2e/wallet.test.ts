import { PAYMENT_METHOD_MESSAGES } from '@stagepass/contract/payment-methods';
import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Account, createAccount, openPageAs } from './support/accounts.ts';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser, PHONE } from './support/browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

// The sandbox decides by the number's last three digits, as pawaPay's own sandbox does:
// …789 completes 3 seconds after ACCEPTED, …049 fails for an insufficient balance, …129
// stays SUBMITTED (a payer who never answers the prompt).
const COMPLETING_NUMBER = '0763456789';
const INSUFFICIENT_NUMBER = '+260763456049';
const UNANSWERED_NUMBER = '0763456129';
// The status is checked 3 seconds after ACCEPTED, then every 10 seconds (spec); a loaded
// machine may take longer to show it.
const OUTCOME_TIMEOUT = 30_000;
// A payment settled in 3 s shows after the early check, well before the spec's 10-second one.
const QUICK_OUTCOME_MS = 8000;
// An expiry year a few years on, as two digits.
const FUTURE_YEAR = String((new Date().getFullYear() + 4) % 100).padStart(2, '0');

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

/**
 * What in the open dialog sticks out of it sideways, or the dialog out of the viewport
 * (as 'tag "text"' descriptions); [] when everything fits.
 */
function findElementsOutsideDialog(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog) return ['no dialog'];
    const frame = dialog.getBoundingClientRect();
    const outside: string[] = [];
    if (frame.left < 0 || frame.right > document.documentElement.clientWidth + 0.5)
      outside.push('the dialog');
    for (const element of Array.from(dialog.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || element.closest('.visually-hidden')) continue;
      if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5) {
        outside.push(`${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 40) ?? ''}"`);
      }
    }
    return outside;
  });
}

/** findElementsOutsideDialog, at rest and with each of the given fields focused in turn. */
async function findOverflowWhileFocusing(page: Page, fields: Locator[]): Promise<string[]> {
  const outside = await findElementsOutsideDialog(page);
  for (const field of fields) {
    await field.focus();
    outside.push(...(await findElementsOutsideDialog(page)));
  }
  return outside;
}

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
      const paidAt = Date.now();
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
      // The sandbox's payer confirms in 3 s: the success shows seconds later, not at 10 s.
      expect(Date.now() - paidAt).toBeLessThan(QUICK_OUTCOME_MS);
      await dialog.getByRole('heading', { name: WALLET_MESSAGES.completed }).waitFor();
      // A success is no error.
      expect(await page.getByText(WALLET_MESSAGES.errorOccured).count()).toBe(0);
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
      // 360 px wide, errors showing: everything stays inside the dialog, a focused field too.
      expect(
        await findOverflowWhileFocusing(page, [amount, dialog.getByLabel('Mobile money number')]),
      ).toEqual([]);

      await amount.fill('15');
      await dialog.getByLabel('Mobile money number').fill(INSUFFICIENT_NUMBER);
      await dialog.getByRole('button', { name: 'Pay' }).click();
      const status = dialog.getByRole('status');
      await status.getByText(WALLET_MESSAGES.failed).waitFor({ timeout: OUTCOME_TIMEOUT });
      await status.getByText(WALLET_MESSAGES.insufficientFunds).waitFor();
      await dialog.getByRole('heading', { name: WALLET_MESSAGES.failed }).waitFor();
      // The spec's toast for a failed deposit, once.
      await page.getByText(WALLET_MESSAGES.errorOccured).waitFor();
      await page.waitForTimeout(500);
      expect(await page.getByText(WALLET_MESSAGES.errorOccured).count()).toBe(1);
      // The form is enabled again, with what was typed.
      expect(await amount.isEnabled()).toBe(true);
      expect(await amount.inputValue()).toBe('15');
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
      expect(await findElementsOutsideDialog(page)).toEqual([]);

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

describe('a deposit that is slow or cannot start', () => {
  it('says after a minute that it can take a few minutes, keeps checking, and the wallet shows it once closed', async () => {
    const { page, context } = await openPageAs(browser, fan, { viewport: PHONE });
    try {
      // The page's clock is the test's: a minute passes without waiting for one.
      await page.clock.install();
      const statusChecks = recordRequests(page, ['/api/pawapay/deposits-api/deposit-status/']);
      await page.goto(`${baseUrl}/wallet?modal=topup/10`);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Mobile money number').fill(UNANSWERED_NUMBER);
      await dialog.getByRole('button', { name: 'Pay' }).click();
      await dialog.getByRole('button', { name: WALLET_MESSAGES.waiting }).waitFor();
      const status = dialog.getByRole('status');
      await status.getByText(WALLET_MESSAGES.promptSent).waitFor();
      expect(await status.getByText(/can take a few minutes/).count()).toBe(0);

      // Not before a minute…
      await page.clock.runFor(59_000);
      await expect.poll(() => statusChecks.length).toBeGreaterThanOrEqual(1);
      expect(await status.getByText(/can take a few minutes/).count()).toBe(0);
      // …but then, calmly, while still waiting.
      await page.clock.runFor(2000);
      const notice = status.getByText(
        'Mobile money payments can take a few minutes. You can close this panel: your wallet will show the result.',
      );
      await notice.waitFor();
      await dialog.getByRole('button', { name: WALLET_MESSAGES.waiting }).waitFor();
      // The checks go on while the panel is open (each turn of the poll moves the clock 10 s).
      const checksSoFar = statusChecks.length;
      await expect
        .poll(async () => {
          await page.clock.runFor(10_000);
          return statusChecks.length;
        })
        .toBeGreaterThan(checksSoFar);
      expect(await findElementsOutsideDialog(page)).toEqual([]);

      // Closed, the panel stops asking; the statement shows the top-up as pending.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      const line = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first();
      await line.getByText('+K10').waitFor();
      await line.getByText('Pending').waitFor();
      expect(await page.getByText(WALLET_MESSAGES.errorOccured).count()).toBe(0);
      // While a top-up is pending the statement is read again, so the result shows when it comes.
      const walletReads = recordRequests(page, ['/api/wallet']);
      await expect
        .poll(async () => {
          await page.clock.runFor(10_000);
          return walletReads.filter(({ path }) => path === '/api/wallet').length;
        })
        .toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it("fails with 'An error occured!' once when the deposit cannot be sent", async () => {
    const { page, context } = await openPageAs(browser, fan);
    try {
      await page.route('**/api/pawapay/deposits-api/deposit', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            message: 'amount must be more than 0',
            code: 'BAD_REQUEST',
          }),
        }),
      );
      await page.goto(`${baseUrl}/wallet?modal=topup/10`);
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Mobile money number').fill(COMPLETING_NUMBER);
      await dialog.getByRole('button', { name: 'Pay' }).click();
      await dialog.getByRole('status').getByText(WALLET_MESSAGES.failed).waitFor();
      await dialog.getByRole('status').getByText('amount must be more than 0').waitFor();
      await page.getByText(WALLET_MESSAGES.errorOccured).waitFor();
      await page.waitForTimeout(500);
      expect(await page.getByText(WALLET_MESSAGES.errorOccured).count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe('payment methods in settings', () => {
  it('formats the card as typed, flags every wrong field at once before sending anything, then saves it as a token with a toast (phone, dark)', async () => {
    const { page, context, problems } = await openPageAs(browser, cardHolder, {
      viewport: PHONE,
      colorScheme: 'dark',
    });
    try {
      const sent = recordRequests(page, ['/sandbox/cards', '/api/payment-methods/cards']);
      await page.goto(`${baseUrl}/${cardHolder.username}/settings`);
      const section = page.getByRole('region', { name: 'Payment methods' });
      await section.getByText('No cards yet.').waitFor();
      await section.getByRole('button', { name: 'Add a Card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a Card' });
      const number = dialog.getByLabel('Card number');
      const expires = dialog.getByLabel('Expires');
      const cvc = dialog.getByLabel('CVC');
      await expires.waitFor();
      expect(await expires.getAttribute('placeholder')).toBe('MM/YY');
      for (const [field, autocomplete] of [
        [number, 'cc-number'],
        [expires, 'cc-exp'],
        [cvc, 'cc-csc'],
      ] as const) {
        expect(await field.getAttribute('inputmode')).toBe('numeric');
        expect(await field.getAttribute('autocomplete')).toBe(autocomplete);
      }

      // The spec's flags on empty fields, and nothing sent.
      await dialog.getByRole('button', { name: 'Add card' }).click();
      for (const message of [
        PAYMENT_METHOD_MESSAGES.cardNumberRequired,
        PAYMENT_METHOD_MESSAGES.expiresRequired,
        PAYMENT_METHOD_MESSAGES.cvcRequired,
      ]) {
        await dialog.getByText(message).waitFor();
      }
      for (const field of [number, expires, cvc]) {
        expect(await field.getAttribute('aria-invalid')).toBe('true');
      }
      expect(await findOverflowWhileFocusing(page, [number, expires, cvc])).toEqual([]);

      // The number in fours as it is typed; an edit in the middle keeps the caret by its digit.
      await number.pressSequentially('4242424242424242');
      expect(await number.inputValue()).toBe('4242 4242 4242 4242');
      await number.evaluate((input: HTMLInputElement) => input.setSelectionRange(5, 5));
      await page.keyboard.press('Backspace');
      expect(await number.inputValue()).toBe('4244 2424 2424 242');
      await page.keyboard.type('2');
      expect(await number.inputValue()).toBe('4242 4242 4242 4242');
      expect(await number.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe(4);

      // The expiry as MM/YY as it is typed; backspace goes through the slash.
      await expires.pressSequentially('12');
      expect(await expires.inputValue()).toBe('12/');
      await page.keyboard.press('Backspace');
      expect(await expires.inputValue()).toBe('12');
      await page.keyboard.press('Backspace');
      expect(await expires.inputValue()).toBe('1');
      await page.keyboard.type(`2${FUTURE_YEAR}`);
      expect(await expires.inputValue()).toBe(`12/${FUTURE_YEAR}`);

      // Every wrong field at once, each under its field, before anything leaves the page.
      await number.fill('4242 4242 4242 4241');
      await expires.fill('01/20');
      await cvc.fill('12');
      await dialog.getByRole('button', { name: 'Add card' }).click();
      for (const message of [
        PAYMENT_METHOD_MESSAGES.cardNumberInvalid,
        PAYMENT_METHOD_MESSAGES.cardExpired,
        PAYMENT_METHOD_MESSAGES.cvcInvalid,
      ]) {
        await dialog.getByText(message).waitFor();
      }
      for (const field of [number, expires, cvc]) {
        expect(await field.getAttribute('aria-invalid')).toBe('true');
      }
      expect(sent).toEqual([]);
      expect(await findOverflowWhileFocusing(page, [number, expires, cvc])).toEqual([]);
      expect(await findSeriousAccessibilityViolations(page)).toEqual([]);

      await number.fill('4242 4242 4242 4242');
      await expires.fill(`12/${FUTURE_YEAR}`);
      await cvc.fill('123');
      await dialog.getByLabel('Make this my preferred payment method').check();
      await dialog.getByRole('button', { name: 'Add card' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Your card has been saved.').waitFor();
      const card = section.getByRole('listitem', { name: 'Visa •••• •••• •••• 4242' });
      await card.getByText(`Expires 12/${FUTURE_YEAR}`).waitFor();
      await card.getByText('Active', { exact: true }).waitFor();

      // Our API got the token, never the card.
      const saved = sent.filter(({ path }) => path === '/api/payment-methods/cards');
      expect(saved).toHaveLength(1);
      const savedBody = JSON.parse(saved[0]?.body ?? '{}');
      expect(Object.keys(savedBody).sort()).toEqual(['preffered', 'token']);
      expect(saved[0]?.body).not.toContain('4242');
      expect(problems).toEqual([]);
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
      await card.getByText('Active', { exact: true }).waitFor();

      await section.getByLabel('Add mobile money number').fill('0971234567');
      await section.getByText('Airtel', { exact: true }).waitFor();
      await section.getByRole('button', { name: 'Add number' }).click();
      const airtel = section.getByRole('listitem', { name: 'Airtel +260 97 123 4567' });
      await airtel.waitFor();

      // Preferred: the card's flag goes, the number's comes, the same word in both lists.
      await airtel.getByRole('button', { name: 'Set as preferred' }).click();
      await airtel.getByText('Active', { exact: true }).waitFor();
      await card.getByText('Active', { exact: true }).waitFor({ state: 'detached' });
      expect(await section.getByText('Preferred', { exact: true }).count()).toBe(0);
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
      await airtel.getByText('Active', { exact: true }).waitFor();
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
      await mtn.getByText('Active', { exact: true }).waitFor();

      // The Topup panel starts with the preferred number.
      await page.goto(`${baseUrl}/wallet?modal=topup`);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: /\+260 96 123 4567/ }).waitFor();
      expect(await dialog.getByRole('radio', { name: /\+260 96 123 4567/ }).isChecked()).toBe(true);
      // Marked with the settings lists' word.
      await dialog.getByRole('radio', { name: /\+260 96 123 4567 Active/ }).waitFor();
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
