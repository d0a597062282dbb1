import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeriousAccessibilityViolations } from './support/axe.ts';
import { launchBrowser, openPage, PHONE, type TestPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

// A server of its own, unlike the other browser tests: these need more creators than one
// page of the list (10), and sign-up allows 20 accounts an hour from one address, a budget
// the other files' accounts would share on the common server.
let server: RunningServer;
let baseUrl: string;
let browser: Browser;
const opened: TestPage[] = [];

const natasha = { name: 'Natasha Mwansa Tembo', username: 'natashatembo', category: 'music artist' };
// Found from one misspelt word. Not the demo's Mwila Banda (@mwilabanda): a creator of this file's own.
const mwila = { name: 'Mwila Banda', username: 'mwila.banda', category: 'music artist' };
// Mutale is also the signed-in person of the favourites tests (creators follow creators too).
const mutale = { name: 'Mutale Phiri', username: 'mutalephiri', category: 'filmmaker' };
const otherCreators = [
  { name: 'Chiluba Mwenya', username: 'chilubamwenya', category: 'podcaster' },
  { name: 'Bupe Kasonde', username: 'bupekasonde', category: 'comedian' },
  { name: 'Kabwe Banda', username: 'kabwebanda', category: 'writer' },
  { name: 'Lweendo Hamoonga', username: 'lweendohamoonga', category: 'photographer' },
  { name: 'Mwape Simwanza', username: 'mwapesimwanza', category: 'educator' },
  { name: 'Musonda Kalaba', username: 'musondakalaba', category: 'startups' },
  { name: 'Chipo Sinkala', username: 'chiposinkala', category: 'music artist' },
  { name: 'Taonga Njovu', username: 'taonganjovu', category: 'podcaster' },
  { name: 'Kunda Mbewe', username: 'kundambewe', category: 'writer' },
];
const password = 'kalulu river sunrise';
/** The list's page size (web/src/features/creators/api/creators-query-keys.ts). */
const pageSize = 10;
let mutaleCookie: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  baseUrl = server.baseUrl;
  await createCreator(natasha);
  await createCreator(mwila);
  mutaleCookie = await createCreator(mutale);
  for (const creator of otherCreators) await createCreator(creator);
  await verifyEmail(`${mutale.username}@example.com`, mutaleCookie);
  mutaleCookie = await setSecurityQuestion(mutaleCookie);
});
afterAll(async () => {
  await Promise.all(opened.map(({ context }) => context.close()));
  await browser?.close();
  await server?.stop();
});

/** Calls the API as a browser of this site would (same Origin), optionally signed in. */
async function callApi(path: string, { method = 'GET', body, cookie }: ApiCall = {}) {
  const headers: Record<string, string> = { Origin: baseUrl };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (cookie) headers.Cookie = cookie;
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response;
}
type ApiCall = { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; cookie?: string };

/** Signs up and becomes a creator; answers the session cookie. */
async function createCreator({ name, username, category }: typeof natasha) {
  const signUp = await callApi('/api/auth/signup', {
    method: 'POST',
    body: { country: 'ZM', email: `${username}@example.com`, password, name, username },
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  await callApi('/api/users/account-type', {
    method: 'PUT',
    body: { name: 'creator', cartegory: category },
    cookie,
  });
  return cookie;
}

/** The last step the web app's guard asks of a new account; answers the cookie with the check. */
async function setSecurityQuestion(cookie: string) {
  const response = await callApi('/api/auth/security-question', {
    method: 'POST',
    body: { question: 'What was the name of your first pet?', answer: 'Simba' },
    cookie,
  });
  const check = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair?.startsWith('security_check='));
  return `${cookie}; ${check}`;
}

/** Enters the emailed code, as the web app's guard asks of a new account before anything else. */
async function verifyEmail(email: string, cookie: string) {
  const outbox = await callApi(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await outbox.json()) as { messages: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(messages[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  await callApi('/api/auth/verify-code', {
    method: 'POST',
    body: { purpose: 'email-verification', email, code },
    cookie,
  });
}

async function visit(path: string, options: Parameters<typeof openPage>[1] & { cookie?: string } = {}) {
  const testPage = await openPage(browser, options);
  opened.push(testPage);
  if (options.cookie) await signInWithCookie(testPage.context, options.cookie);
  await testPage.page.goto(`${baseUrl}${path}`);
  return testPage;
}

async function signInWithCookie(context: BrowserContext, cookie: string) {
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('='), url: baseUrl };
    }),
  );
}

/** The cards of a list: skeletons are aria-hidden, so only loaded creators count. */
const cardsOf = (list: Locator) => list.getByRole('listitem');

function searchBox(page: Page) {
  return page.getByRole('combobox', { name: 'Search for creators' });
}

describe('the home page (featured creators)', () => {
  it('lists creators as cards that open the profile, a page at a time with Load more', async () => {
    const { page, problems } = await visit('/creators/featured');
    const list = page.getByRole('list', { name: 'Featured creators' });
    await expect.poll(() => cardsOf(list).count()).toBe(pageSize);

    // The keyboard's way to the next page (the home pages by the button only).
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => cardsOf(list).count()).toBeGreaterThan(pageSize);
    // Demo content may rank above the creators made here: page on until Natasha shows.
    const natashaLink = list.getByRole('link', { name: natasha.name, exact: true });
    while ((await natashaLink.count()) === 0 && (await loadMore.count()) > 0) {
      const shown = await cardsOf(list).count();
      await loadMore.click();
      await expect.poll(() => cardsOf(list).count()).toBeGreaterThan(shown);
    }

    const card = cardsOf(list).filter({ has: page.getByRole('link', { name: natasha.name, exact: true }) });
    expect(await card.textContent()).toContain('@natashatembo');
    expect(await card.textContent()).toContain('Music artist');
    expect(await card.textContent()).toContain('0 followers');
    await card.getByRole('link', { name: natasha.name, exact: true }).click();
    await page.waitForURL(`${baseUrl}/@natashatembo`);
    expect(problems).toEqual([]);
  });
});

describe('all creators', () => {
  it('shows 10 skeletons while the first page loads, then the cards, then the next page on scrolling', async () => {
    const { page, context, problems } = await openPage(browser, { viewport: PHONE });
    opened.push({ page, context, problems });
    // Holds the first page back long enough to see what stands in for it.
    let releaseFirstPage = () => {};
    const firstPageHeld = new Promise<void>((resolve) => {
      releaseFirstPage = resolve;
    });
    await context.route(/\/api\/creators\?/, async (route) => {
      if (new URL(route.request().url()).searchParams.get('page') === '0') await firstPageHeld;
      await route.continue();
    });
    await page.goto(`${baseUrl}/creators/all`);

    const list = page.getByRole('list', { name: 'All creators' });
    await expect.poll(() => list.locator('li').count()).toBe(10);
    expect(await list.getAttribute('aria-busy')).toBe('true');
    expect(await cardsOf(list).count()).toBe(0);

    releaseFirstPage();
    await expect.poll(() => cardsOf(list).count()).toBe(pageSize);
    expect(await list.getAttribute('aria-busy')).toBe('false');
    // On a phone the end of the first page is more than a screen away: nothing more yet.
    expect(await cardsOf(list).count()).toBe(pageSize);

    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => cardsOf(list).count()).toBeGreaterThan(pageSize);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(problems).toEqual([]);
  });

  it('says when a page failed to load and loads it on Retry', async () => {
    const { page, context } = await openPage(browser);
    opened.push({ page, context, problems: [] });
    await context.route(/\/api\/creators\?/, (route) => route.fulfill({ status: 503 }));
    await page.goto(`${baseUrl}/creators/all`);
    const alert = page.getByRole('alert').filter({ hasText: 'The creators could not be loaded.' });
    // The query client tries a failing server three times before giving up.
    await alert.waitFor({ timeout: 15_000 });

    await context.unroute(/\/api\/creators\?/);
    await alert.getByRole('button', { name: 'Retry' }).click();
    const list = page.getByRole('list', { name: 'All creators' });
    // The first page at least: on a desktop its end is in view, so the next one may follow
    // (whether there is one depends on the creators other test files made).
    await expect.poll(() => cardsOf(list).count()).toBeGreaterThanOrEqual(pageSize);
    expect(await alert.count()).toBe(0);
  });

  it('has no serious accessibility violations at 360 px in dark mode', async () => {
    const { page } = await visit('/creators/all', { viewport: PHONE, colorScheme: 'dark' });
    await expect.poll(() => cardsOf(page.getByRole('list', { name: 'All creators' })).count()).toBe(pageSize);
    expect(await findSeriousAccessibilityViolations(page)).toEqual([]);
  });
});

describe('the top-bar search', () => {
  it('suggests a creator from a partial, misspelt name; ArrowDown and Enter open the profile', async () => {
    const { page, problems } = await visit('/creators/featured');
    const box = searchBox(page);
    expect(await box.getAttribute('placeholder')).toBe('Search for creators...');
    await box.click();
    // The box keeps the previous suggestions up while the next ones load, and a new list
    // starts with nothing highlighted: wait for the answer to the whole text before the arrows.
    const answeredWholeText = page.waitForResponse(
      (response) => new URL(response.url()).searchParams.get('q') === 'natsha mwan',
    );
    await box.pressSequentially('natsha mwan', { delay: 30 });
    await answeredWholeText;

    const suggestions = page.getByRole('listbox', { name: 'Creator suggestions' });
    const option = suggestions.getByRole('option', { name: /Natasha Mwansa Tembo/ });
    await option.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await box.getAttribute('aria-controls')).toBe(await suggestions.getAttribute('id'));
    expect(await suggestions.getByRole('option').count()).toBeLessThanOrEqual(7); // 6 creators + 'See all results'

    // The best match comes first: ArrowDown highlights it while the focus stays in the box.
    await page.keyboard.press('ArrowDown');
    expect(await option.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/@natashatembo`);
    // The navigation closes the suggestions.
    await suggestions.waitFor({ state: 'hidden' });
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
  });

  it('finds a creator from one misspelt word, in the suggestions and the results', async () => {
    const { page, problems } = await visit('/creators/featured');
    const box = searchBox(page);
    await box.click();
    await box.pressSequentially('Mwla', { delay: 30 });

    const suggestions = page.getByRole('listbox', { name: 'Creator suggestions' });
    await suggestions.getByRole('option', { name: /Mwila Banda.*@mwila\.banda/ }).waitFor();

    // Enter with nothing highlighted: every match, on the results page.
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/creators/all?q=Mwla`);
    const card = cardsOf(page.getByRole('list', { name: 'Search results' })).filter({
      hasText: '@mwila.banda',
    });
    await card.getByRole('link', { name: 'Mwila Banda', exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('closes on Escape (keeping the text) and on a click outside, and moves around with the arrows', async () => {
    const { page } = await visit('/creators/featured');
    const box = searchBox(page);
    await box.fill('tembo');
    const suggestions = page.getByRole('listbox', { name: 'Creator suggestions' });
    await suggestions.getByRole('option', { name: /Natasha Mwansa Tembo/ }).waitFor();

    // Up from no highlight lands on the last option, 'See all results'.
    await page.keyboard.press('ArrowUp');
    const seeAll = suggestions.getByRole('option', { name: 'See all results for “tembo”' });
    expect(await seeAll.getAttribute('aria-selected')).toBe('true');

    await page.keyboard.press('Escape');
    await suggestions.waitFor({ state: 'hidden' });
    expect(await box.inputValue()).toBe('tembo');
    expect(await box.getAttribute('aria-activedescendant')).toBeNull();

    await page.keyboard.press('ArrowDown');
    await suggestions.waitFor();
    // An empty spot of the side column, clear of the suggestions.
    await page.mouse.click(20, 760);
    await suggestions.waitFor({ state: 'hidden' });
  });

  it('submits to a results page that lists every match', async () => {
    const { page, problems } = await visit('/creators/featured');
    const box = searchBox(page);
    await box.fill('podcaster');
    await box.press('Enter');
    await page.waitForURL(`${baseUrl}/creators/all?q=podcaster`);
    await page.getByRole('heading', { name: 'Results for “podcaster”' }).waitFor();
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('link', { name: 'Chiluba Mwenya', exact: true }).waitFor();
    await results.getByRole('link', { name: 'Taonga Njovu', exact: true }).waitFor();
    expect(await results.getByRole('link', { name: natasha.name, exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('shows its suggestions across a 360 px screen, and a tap opens the profile', async () => {
    const { page } = await visit('/creators/featured', { viewport: PHONE });
    await searchBox(page).fill('natasha');
    const option = page
      .getByRole('listbox', { name: 'Creator suggestions' })
      .getByRole('option', { name: /Natasha Mwansa Tembo/ });
    await option.waitFor();
    const box = await option.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(box!.width).toBeGreaterThan(PHONE.width * 0.8);
    await option.click();
    await page.waitForURL(`${baseUrl}/@natashatembo`);
  });
});

describe('/find-creators/q=nothing', () => {
  it('lists every creator, then filters as the fan types', async () => {
    const { page } = await visit('/find-creators/q=nothing');
    await page.getByRole('heading', { name: 'Find creators' }).waitFor();
    // At least the first page: on a tall screen the scroll sentinel may already ask for more.
    await expect
      .poll(() => cardsOf(page.getByRole('list', { name: 'All creators' })).count())
      .toBeGreaterThanOrEqual(pageSize);

    await page
      .getByRole('search', { name: 'Find creators' })
      .getByLabel('Name, username or category')
      .fill('kabwe');
    await page.waitForURL(`${baseUrl}/find-creators/q=kabwe`);
    await page
      .getByRole('list', { name: 'Search results' })
      .getByRole('link', { name: 'Kabwe Banda', exact: true })
      .waitFor();
  });
});

describe('favourite creators', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const { page } = await visit('/creators/favourites');
    await page.getByRole('heading', { level: 1, name: 'Sign in to continue' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
  });

  it('lists the creators followed, through the API or a card’s Follow button', async () => {
    const { page, problems } = await visit('/creators/all', { cookie: mutaleCookie });
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Favourites', exact: true })
      .click();
    await page.waitForURL(`${baseUrl}/creators/favourites`);
    await page.getByText("You don't follow any creators yet.").waitFor();
    expect(
      await page.getByRole('link', { name: 'Browse all creators', exact: true }).getAttribute('href'),
    ).toBe('/creators/all');

    await callApi(`/api/users/${natasha.username}/follow`, { method: 'POST', cookie: mutaleCookie });
    await page.reload();
    const favourites = page.getByRole('list', { name: 'Favourite creators' });
    await favourites.getByRole('link', { name: natasha.name, exact: true }).waitFor();
    await favourites.getByRole('button', { name: `Unfollow ${natasha.name}` }).waitFor();

    // No Follow button on your own card.
    await page.goto(`${baseUrl}/creators/all?q=mutale`);
    const ownCard = cardsOf(page.getByRole('list', { name: 'Search results' })).filter({
      has: page.getByRole('link', { name: mutale.name, exact: true }),
    });
    await ownCard.waitFor();
    expect(await ownCard.getByRole('button').count()).toBe(0);

    // Following from a card: at once, then in the favourites too.
    await page.goto(`${baseUrl}/creators/all?q=chiluba`);
    const chiluba = cardsOf(page.getByRole('list', { name: 'Search results' })).filter({
      has: page.getByRole('link', { name: 'Chiluba Mwenya', exact: true }),
    });
    await chiluba.getByRole('button', { name: 'Follow Chiluba Mwenya' }).click();
    await chiluba.getByRole('button', { name: 'Unfollow Chiluba Mwenya' }).waitFor();
    await expect.poll(() => chiluba.textContent()).toContain('1 follower');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Favourites', exact: true })
      .click();
    await favourites.getByRole('link', { name: 'Chiluba Mwenya', exact: true }).waitFor();
    expect(await cardsOf(favourites).count()).toBe(2);
    expect(problems).toEqual([]);
  });
});
