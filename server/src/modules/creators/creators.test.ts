import type { TCreatorCard, TCreatorsPage } from '@stagepass/contract/profiles';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  findUserIdByUsername,
  insertBlock,
  insertCreator,
  insertFollow,
  signUpAccount,
} from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { detectSearchEngine, type SearchEngine } from './creator-search.ts';
import { listCreators } from './creators.service.ts';
import { encodePageCursor, INVALID_PAGE_MESSAGE } from './page-cursor.ts';

const testApp = setupTestApp();

async function getPage(url: string, cookie = ''): Promise<TCreatorsPage> {
  const response = await testApp.app.inject({ url, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Follows nextPage from '0' to the end, as infinite scroll does. */
async function walkPages(path: string, cookie = ''): Promise<{ cards: TCreatorCard[]; pages: number }> {
  const cards: TCreatorCard[] = [];
  let page: string | null = '0';
  let pages = 0;
  while (page !== null) {
    const separator = path.includes('?') ? '&' : '?';
    const answer = await getPage(`${path}${separator}page=${encodeURIComponent(page)}`, cookie);
    cards.push(...answer.creators);
    page = answer.nextPage;
    pages += 1;
    if (pages > 200) throw new Error('paging never ends');
  }
  return { cards, pages };
}

const people = {} as Record<
  'mwila' | 'chanda' | 'natasha' | 'bwalya' | 'kondwani' | 'luyando' | 'fan',
  { id: string; username: string }
>;

beforeAll(async () => {
  const { db } = testApp.app;
  people.mwila = await insertCreator(db, { name: 'Mwila Banda', username: 'mwilabanda', followersCount: 40 });
  people.chanda = await insertCreator(db, {
    name: 'Chanda Mulenga',
    category: 'podcaster',
    followersCount: 12,
  });
  people.natasha = await insertCreator(db, {
    name: 'Natasha Zulu',
    username: 'zuluonair',
    category: 'podcaster',
    followersCount: 3,
  });
  people.bwalya = await insertCreator(db, {
    name: 'Bwalya Mwansa',
    category: 'comedian',
    followersCount: 12,
  });
  // A username unlike the name, and a surname one letter from Banda, more followed than Mwila.
  people.kondwani = await insertCreator(db, {
    name: 'Kondwani Phiri',
    username: 'kbuilds',
    category: 'startups',
    followersCount: 5,
  });
  people.luyando = await insertCreator(db, { name: 'Luyando Banja', category: 'writer', followersCount: 45 });
  people.fan = await insertCreator(db, { name: 'Mwila Fan', role: 'fan', followersCount: 50 });
  // Many ties on followers_count, so paging has to order by id inside a count.
  for (let index = 0; index < 20; index += 1) {
    await insertCreator(db, {
      name: `Kalaba Creator ${index}`,
      category: 'filmmaker',
      followersCount: index % 4,
    });
  }
});

describe('GET /api/creators', () => {
  it('walks every creator exactly once, most followed first, and ends with nextPage null', async () => {
    const { cards, pages } = await walkPages('/api/creators?limit=4');
    const expected = await testApp.app.db.execute(
      sql`select id from users where role = 'creator' order by followers_count desc, id`,
    );
    const expectedIds = (expected as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    expect(cards.map((card) => card._id)).toEqual(expectedIds);
    expect(new Set(cards.map((card) => card._id)).size).toBe(cards.length);
    expect(pages).toBe(Math.ceil(expectedIds.length / 4));
    // Fans are not creators.
    expect(cards.some((card) => card._id === people.fan.id)).toBe(false);
  });

  it('answers cards with the public fields, and 20 a page by default', async () => {
    const first = await getPage('/api/creators?page=0');
    expect(first.creators).toHaveLength(20);
    expect(first.creators.find((card) => card._id === people.mwila.id)).toEqual({
      _id: people.mwila.id,
      name: 'Mwila Banda',
      username: '@mwilabanda',
      cartegory: 'music artist',
      bio: '',
      imageAsset: null,
      followers_count: 40,
      followStatus: false,
    });
  });

  it('refuses a page that is not one of its cursors, and a limit outside 1..30', async () => {
    for (const page of [
      'garbage',
      encodePageCursor({ k: 'featured', at: Date.now(), s: 1, i: people.mwila.id }),
      Buffer.from(JSON.stringify({ k: 'all', f: 'many', i: 'x' })).toString('base64url'),
    ]) {
      const response = await testApp.app.inject(`/api/creators?page=${page}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: INVALID_PAGE_MESSAGE });
    }
    expect((await testApp.app.inject('/api/creators?limit=0')).statusCode).toBe(400);
    expect((await testApp.app.inject('/api/creators?limit=31')).statusCode).toBe(400);
  });
});

describe('searching creators', () => {
  it('uses pg_trgm on this database (installed by the migration)', async () => {
    expect(await detectSearchEngine(testApp.app.db)).toBe('trigram');
  });

  // The fallback runs on the same data through the service, so both engines stay honest.
  describe.each(['trigram', 'fallback'] as SearchEngine[])('with the %s engine', (engine) => {
    const search = async (
      query: string,
      options: { page?: string; limit?: number; viewerId?: string } = {},
    ) =>
      listCreators({
        db: testApp.app.db,
        viewerId: options.viewerId,
        query,
        page: options.page ?? '0',
        limit: options.limit ?? 20,
        engine,
      });
    const usernamesOf = (page: TCreatorsPage) => page.creators.map((card) => card.username);

    it("finds 'Mwila Banda' from a partial, misspelt name first", async () => {
      expect(usernamesOf(await search('mwla band'))[0]).toBe('@mwilabanda');
      expect(usernamesOf(await search('  MWILA   banda '))[0]).toBe('@mwilabanda');
    });

    it('finds a creator from one misspelt word: a letter missing, extra, wrong or two swapped', async () => {
      for (const query of ['mwla', 'Mwlia', 'mwiila', 'mwika', 'bnada', 'bandaa']) {
        const found = usernamesOf(await search(query));
        expect(found[0], query).toBe('@mwilabanda');
        // Nobody merely sharing a few letters.
        expect(found, query).not.toContain(people.chanda.username);
        expect(found, query).not.toContain(people.natasha.username);
      }
      // A username too, not only a name.
      for (const query of ['kbiulds', 'kbuils', '@kbulids']) {
        expect(usernamesOf(await search(query))[0], query).toBe('@kbuilds');
      }
    });

    it('forgives one typo a word, not two, nor any in words of under 4 letters', async () => {
      // 'mula' and 'mwla' share as many trigrams with 'mwila', but 'mula' is two letters off.
      expect(usernamesOf(await search('mwla'))).toContain('@mwilabanda');
      expect(usernamesOf(await search('mula'))).not.toContain('@mwilabanda');
      expect(usernamesOf(await search('bnaad'))).not.toContain('@mwilabanda');
      expect(usernamesOf(await search('bnd'))).not.toContain('@mwilabanda');
      for (const query of ['abcd', 'zxqw', 'qqxxzz', 'xyz']) {
        expect((await search(query)).creators, query).toEqual([]);
      }
    });

    it('ranks exact words and prefixes before typos, whatever the followers', async () => {
      // Mwila Banda (40 followers) is Banda; Luyando Banja (45) is one letter away from it.
      expect(usernamesOf(await search('banda')).slice(0, 2)).toEqual([
        '@mwilabanda',
        people.luyando.username,
      ]);
      expect(usernamesOf(await search('banja')).slice(0, 2)).toEqual([
        people.luyando.username,
        '@mwilabanda',
      ]);
      // A typo in two words still finds the creator.
      expect(usernamesOf(await search('mwla bnada'))[0]).toBe('@mwilabanda');
    });

    it('finds a username from its first letters, with or without the @', async () => {
      expect(usernamesOf(await search('mwi'))).toContain('@mwilabanda');
      expect(usernamesOf(await search('@zuluon'))[0]).toBe('@zuluonair');
      expect(usernamesOf(await search('labanda'))).toContain('@mwilabanda');
    });

    it('finds creators by category, and never fans', async () => {
      const podcasters = usernamesOf(await search('podcast'));
      expect(podcasters).toEqual(expect.arrayContaining([people.chanda.username, '@zuluonair']));
      expect((await search('mwila')).creators.some((card) => card._id === people.fan.id)).toBe(false);
    });

    it('finds nothing for a name nobody has', async () => {
      expect(await search('qqxxzz')).toEqual({ creators: [], nextPage: null });
      // The query is text, not a LIKE pattern.
      expect((await search('%_%')).creators).toEqual([]);
    });

    it('pages through matches exactly once, best first', async () => {
      const all = await search('podcast', { limit: 30 });
      const walked: TCreatorCard[] = [];
      let page: string | null = '0';
      while (page !== null) {
        const answer = await search('podcast', { page, limit: 1 });
        walked.push(...answer.creators);
        page = answer.nextPage;
      }
      expect(walked.map((card) => card._id)).toEqual(all.creators.map((card) => card._id));
      expect(all.creators.length).toBeGreaterThanOrEqual(2);
    });
  });

  it('searches over HTTP with q, refusing a cursor of the plain list', async () => {
    const answer = await getPage('/api/creators?q=mwla%20band&limit=5');
    expect(answer.creators[0]?.username).toBe('@mwilabanda');
    // As the top bar's suggestions ask, with one misspelt word as typed.
    const suggestions = await getPage('/api/creators?q=Mwla&limit=6&page=0');
    expect(suggestions.creators.map((card) => card.username)).toEqual(['@mwilabanda']);
    const listCursor = encodePageCursor({ k: 'all', f: 1, i: people.mwila.id });
    const response = await testApp.app.inject(`/api/creators?q=mwila&page=${listCursor}`);
    expect(response.statusCode).toBe(400);
  });
});

describe('what a signed-in viewer sees', () => {
  let viewer: { cookie: string; id: string };
  let blockedByViewer: { id: string };
  let blockerOfViewer: { id: string };

  beforeAll(async () => {
    const { db } = testApp.app;
    const account = await signUpAccount(testApp.app);
    viewer = { cookie: account.cookie, id: await findUserIdByUsername(db, account.username) };
    blockedByViewer = await insertCreator(db, { name: 'Blocked Kaonga', followersCount: 2 });
    blockerOfViewer = await insertCreator(db, { name: 'Blocking Kaonga', followersCount: 2 });
    const { app } = testApp;
    await insertBlock(app, viewer.id, blockedByViewer.id);
    await insertBlock(app, blockerOfViewer.id, viewer.id);
    // As the profiles module records a follow: the row and the count move together.
    const counted = (createdAt: Date) => ({ createdAt, isCounted: true });
    await insertFollow(app, viewer.id, people.chanda.id, counted(new Date(Date.now() - 60_000)));
    await insertFollow(app, viewer.id, people.natasha.id, counted(new Date(Date.now() - 1_000)));
    // Followed, then blocked: the block wins.
    await insertFollow(app, viewer.id, blockedByViewer.id, counted(new Date()));
  });

  const hidden = () => [blockedByViewer.id, blockerOfViewer.id];

  it('hides creators blocked either way from the list and the search, but not from others', async () => {
    const seen = (await walkPages('/api/creators?limit=30', viewer.cookie)).cards.map((card) => card._id);
    for (const id of hidden()) expect(seen).not.toContain(id);
    const searched = await getPage('/api/creators?q=kaonga', viewer.cookie);
    expect(searched.creators).toEqual([]);
    for (const engine of ['trigram', 'fallback'] as SearchEngine[]) {
      const page = await listCreators({
        db: testApp.app.db,
        viewerId: viewer.id,
        query: 'kaonga',
        page: '0',
        limit: 20,
        engine,
      });
      expect(page.creators).toEqual([]);
    }
    const signedOut = await getPage('/api/creators?q=kaonga');
    expect(signedOut.creators.map((card) => card._id).sort()).toEqual([...hidden()].sort());
  });

  it('fills followStatus for the creators the viewer follows', async () => {
    const { cards } = await walkPages('/api/creators?limit=30', viewer.cookie);
    const followed = cards.filter((card) => card.followStatus).map((card) => card._id);
    expect(followed.sort()).toEqual([people.chanda.id, people.natasha.id].sort());
    const signedOut = await walkPages('/api/creators?limit=30');
    expect(signedOut.cards.every((card) => !card.followStatus)).toBe(true);
    const searched = await getPage('/api/creators?q=chanda', viewer.cookie);
    expect(searched.creators.find((card) => card._id === people.chanda.id)?.followStatus).toBe(true);
  });

  it('lists favourites, newest follow first, without blocked creators', async () => {
    const response = await testApp.app.inject({
      url: '/api/creators/favourites',
      headers: { cookie: viewer.cookie },
    });
    expect(response.statusCode).toBe(200);
    const { creators } = response.json() as { creators: TCreatorCard[] };
    expect(creators.map((card) => card._id)).toEqual([people.natasha.id, people.chanda.id]);
    expect(creators.every((card) => card.followStatus)).toBe(true);
  });

  it('needs a signed-in user for favourites', async () => {
    const response = await testApp.app.inject('/api/creators/favourites');
    expect(response.statusCode).toBe(401);
  });
});
