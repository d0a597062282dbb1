import { AUDIO_MESSAGES, type TAudio } from '@stagepass/contract/audio';
import { and, eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { passes, podcastFeeds } from '../../db/schema/index.ts';
import { publishTrack } from '../../test/factories/audio.ts';
import { insertAvatarAsset } from '../../test/factories/media.ts';
import { createFanWithBalance } from '../../test/factories/money.ts';
import { createPerson, insertBlock, setAvatar, type TestPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { signMediaUrl } from '../media/media-urls.service.ts';
import { audioKey, buyTrack, buyWeeklyPass, fetchMedia } from './audio.test-support.ts';

const testApp = setupTestApp();

const ITUNES_NAMESPACE = 'http://www.itunes.com/dtds/podcast-1.0.dtd';

type FeedItem = {
  title: string;
  link: string;
  guid: { '#text': string };
  pubDate: string;
  enclosure: { '@_url': string; '@_length': string; '@_type': string };
  'itunes:duration'?: string;
};
type Feed = {
  rss: {
    '@_version': string;
    '@_xmlns:itunes': string;
    channel: {
      title: string;
      link: string;
      description: string;
      'itunes:author': string;
      'itunes:image'?: { '@_href': string };
      'itunes:block': string;
      item: FeedItem[];
    };
  };
};

/** Parses the feed with a real XML parser, after checking it is well-formed XML. */
function parseFeed(xml: string): Feed {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => name === 'item',
  });
  return parser.parse(xml) as Feed;
}

function createFeedAs(app: App, fan: TestPerson | undefined, creator: TestPerson) {
  return app.inject({
    method: 'POST',
    url: `/api/audio/podcast-feeds/${creator.username}`,
    headers: fan ? { cookie: fan.cookie } : {},
  });
}

/** The feed's address, for a fan who holds a pass (bought here). */
async function feedOf(app: App, fan: TestPerson, creator: TestPerson): Promise<string> {
  const answer = await createFeedAs(app, fan, creator);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().feedUrl;
}

/** GETs a feed address as a podcast app does: no cookie. */
function readFeed(app: App, feedUrl: string) {
  return fetchMedia(app, feedUrl);
}

async function readItems(app: App, feedUrl: string): Promise<FeedItem[]> {
  const answer = await readFeed(app, feedUrl);
  expect(answer.statusCode, answer.body).toBe(200);
  return parseFeed(answer.body).rss.channel.item ?? [];
}

async function expireThePass(app: App, fan: TestPerson, creator: TestPerson) {
  await app.db
    .update(passes)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(and(eq(passes.fanId, fan.id), eq(passes.creatorId, creator.id)));
}

/** An enclosure address for the fan's feed, signed as the feed signs them, for any key. */
async function signForFeed(app: App, fan: TestPerson, creator: TestPerson, key: string): Promise<string> {
  const [feed] = await app.db
    .select({ id: podcastFeeds.id })
    .from(podcastFeeds)
    .where(and(eq(podcastFeeds.fanId, fan.id), eq(podcastFeeds.creatorId, creator.id)));
  if (!feed) throw new Error('no feed');
  return signMediaUrl({
    secret: app.config.appSecret,
    key,
    viewerId: `feed:${feed.id}`,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
}

/** The item of a track in a feed. */
function itemOf(items: readonly FeedItem[], track: TAudio): FeedItem | undefined {
  return items.find((item) => item.guid['#text'] === track.audioId);
}

describe('POST /api/audio/podcast-feeds/:username', () => {
  it('is refused without an active pass, and gives a pass holder the same address each time', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);

    const withoutPass = await createFeedAs(app, fan, creator);
    expect(withoutPass.statusCode).toBe(403);
    expect(withoutPass.json()).toMatchObject({ success: false, message: AUDIO_MESSAGES.feedNeedsPass });
    expect((await createFeedAs(app, undefined, creator)).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/audio/podcast-feeds/@nobody-here',
          headers: { cookie: fan.cookie },
        })
      ).statusCode,
    ).toBe(404);

    await buyWeeklyPass(app, fan, creator);
    const first = await createFeedAs(app, fan, creator);
    expect(first.statusCode, first.body).toBe(200);
    const { feedUrl, expiresAt } = first.json();
    expect(feedUrl).toMatch(
      new RegExp(`^${app.config.publicUrl}/api/audio/podcast-feed/[A-Za-z0-9_-]{40,}$`),
    );
    const [pass] = await app.db.select().from(passes).where(eq(passes.fanId, fan.id));
    expect(expiresAt).toBe(pass!.expiresAt.toISOString());

    const second = await createFeedAs(app, fan, creator);
    expect(second.json().feedUrl).toBe(feedUrl);
    // Another fan's feed of the same creator is another address.
    const otherFan = await createFanWithBalance(app, 5_000);
    await buyWeeklyPass(app, otherFan, creator);
    expect(await feedOf(app, otherFan, creator)).not.toBe(feedUrl);
  });
});

describe('GET /api/audio/podcast-feed/:token', () => {
  it('answers RSS 2.0 with iTunes tags: the channel, and one item per ready track', async () => {
    const { app } = testApp;
    const creator = await createPerson(app, { name: 'Mwila & Sons' });
    await setAvatar(app.db, creator.id, await insertAvatarAsset(app, creator.id));
    const fan = await createFanWithBalance(app, 5_000);
    const older = await publishTrack(app, creator, { title: 'Lusaka nights', visibility: 'subscribers' });
    const newer = await publishTrack(app, creator, {
      title: 'Open air',
      visibility: 'everyone',
      genre: 'Jazz',
    });
    await publishTrack(app, creator, { title: 'Still processing', status: 'processing' });
    await buyWeeklyPass(app, fan, creator);

    const answer = await readFeed(app, await feedOf(app, fan, creator));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(answer.headers['cache-control']).toContain('private');
    const { rss } = parseFeed(answer.body);
    expect(rss['@_version']).toBe('2.0');
    expect(rss['@_xmlns:itunes']).toBe(ITUNES_NAMESPACE);

    const { channel } = rss;
    expect(channel.title).toBe('Mwila & Sons on Stagepass');
    expect(channel.link).toBe(`${app.config.publicUrl}/${creator.username}`);
    expect(channel.description).toEqual(expect.stringContaining('Mwila & Sons'));
    expect(channel['itunes:author']).toBe('Mwila & Sons');
    // A private feed stays out of podcast directories.
    expect(channel['itunes:block']).toBe('Yes');
    const image = channel['itunes:image']?.['@_href'];
    expect(image).toMatch(new RegExp(`^${app.config.publicUrl}/media/[A-Za-z0-9_-]+/avatar256\\.webp$`));
    expect((await fetchMedia(app, image!)).statusCode).toBe(200);

    // Newest first; the track still processing is not in it.
    expect(channel.item.map((item) => item.title)).toEqual(['Open air', 'Lusaka nights']);
    for (const track of [newer, older]) {
      const item = itemOf(channel.item, track)!;
      expect(item.guid['#text']).toBe(track.audioId);
      const published = Date.parse(item.pubDate);
      expect(published).toBe(Math.floor(Date.parse(track.createdAt) / 1000) * 1000);
      expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(item['itunes:duration']).toBe('180');
      expect(item.enclosure['@_type']).toBe('audio/mp4');
      expect(Number(item.enclosure['@_length'])).toBe('audio bytes'.length);
      expect(item.enclosure['@_url']).toContain(`/media/${audioKey(track, 'audio.m4a')}?`);
    }
  });

  it('serves each enclosure without cookies, and refuses one altered or reused for another creator', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const otherCreator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const track = await publishTrack(app, creator, { visibility: 'subscribers' });
    const othersTrack = await publishTrack(app, otherCreator, { visibility: 'subscribers' });
    await buyWeeklyPass(app, fan, creator);
    const feedUrl = await feedOf(app, fan, creator);
    const enclosure = itemOf(await readItems(app, feedUrl), track)!.enclosure['@_url'];

    const file = await fetchMedia(app, enclosure);
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('audio bytes');
    expect(file.headers['content-type']).toBe('audio/mp4');

    const url = new URL(enclosure);
    const tampered = (name: string, value: string) => {
      const copy = new URL(url);
      copy.searchParams.set(name, value);
      return copy.toString();
    };
    const altered = [
      tampered('sig', `${url.searchParams.get('sig')!.slice(0, -2)}AA`),
      tampered('exp', String(Number(url.searchParams.get('exp')) + 3_600)),
      tampered('viewer', fan.id),
      enclosure.replace('/audio.m4a?', '/original.mp3?'),
    ];
    for (const address of altered) expect((await fetchMedia(app, address)).statusCode, address).toBe(403);

    // Signed for this feed, but a track of a creator the pass is not for.
    const forOther = await signForFeed(app, fan, creator, audioKey(othersTrack, 'audio.m4a'));
    expect((await fetchMedia(app, forOther)).statusCode).toBe(403);
  });

  it('answers 404 once the pass has ended, and its enclosures 403', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const track = await publishTrack(app, creator, { visibility: 'subscribers' });
    await buyWeeklyPass(app, fan, creator);
    const feedUrl = await feedOf(app, fan, creator);
    const enclosure = itemOf(await readItems(app, feedUrl), track)!.enclosure['@_url'];
    expect((await fetchMedia(app, enclosure)).statusCode).toBe(200);

    await expireThePass(app, fan, creator);
    const ended = await readFeed(app, feedUrl);
    expect(ended.statusCode).toBe(404);
    expect(ended.json()).toMatchObject({ success: false });
    expect((await fetchMedia(app, enclosure)).statusCode).toBe(403);
    const again = await createFeedAs(app, fan, creator);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(AUDIO_MESSAGES.feedNeedsPass);
  });

  it('answers 404 for a token it never gave', async () => {
    const { app } = testApp;
    const unknown = await app.inject(`/api/audio/podcast-feed/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: AUDIO_MESSAGES.notFound });
  });

  it('escapes & < > " in titles, which read back as written', async () => {
    const { app } = testApp;
    const creator = await createPerson(app, { name: 'Chanda "CJ" <Banda>' });
    const fan = await createFanWithBalance(app, 5_000);
    const title = 'Rock & Roll <live> "encore" at Chanda\'s';
    const track = await publishTrack(app, creator, { title, visibility: 'subscribers' });
    await buyWeeklyPass(app, fan, creator);

    const answer = await readFeed(app, await feedOf(app, fan, creator));
    expect(answer.body).toContain('Rock &amp; Roll &lt;live&gt; &quot;encore&quot;');
    expect(answer.body).not.toContain('<live>');
    const { channel } = parseFeed(answer.body).rss;
    expect(itemOf(channel.item, track)!.title).toBe(title);
    expect(channel['itunes:author']).toBe('Chanda "CJ" <Banda>');
    expect(channel.title).toBe('Chanda "CJ" <Banda> on Stagepass');
  });

  it('never opens a pay-to-unlock track the fan has not unlocked: a pass is not its price', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const forHolders = await publishTrack(app, creator, { visibility: 'subscribers' });
    const forSale = await publishTrack(app, creator, { visibility: 'pay-to-unlock', price: 1_000 });
    await buyWeeklyPass(app, fan, creator);
    const feedUrl = await feedOf(app, fan, creator);

    const answer = await readFeed(app, feedUrl);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain(audioKey(forSale, 'audio.m4a'));
    expect(itemOf(parseFeed(answer.body).rss.channel.item ?? [], forHolders)).toBeDefined();
    // Even an address signed for the feed does not open it.
    const signed = await signForFeed(app, fan, creator, audioKey(forSale, 'audio.m4a'));
    expect((await fetchMedia(app, signed)).statusCode).toBe(403);

    // Once the fan unlocked it, the feed carries it like the rest.
    expect((await buyTrack(app, fan, creator, forSale.audioId)).statusCode).toBe(201);
    const unlocked = itemOf(await readItems(app, feedUrl), forSale);
    expect(unlocked).toBeDefined();
    expect((await fetchMedia(app, unlocked!.enclosure['@_url'])).statusCode).toBe(200);
  });

  it('closes the feed when a block stands between the fan and the creator, either way', async () => {
    const { app } = testApp;
    for (const direction of ['creator blocks fan', 'fan blocks creator'] as const) {
      const creator = await createPerson(app);
      const fan = await createFanWithBalance(app, 5_000);
      const track = await publishTrack(app, creator, { visibility: 'subscribers' });
      await buyWeeklyPass(app, fan, creator);
      const feedUrl = await feedOf(app, fan, creator);
      const enclosure = itemOf(await readItems(app, feedUrl), track)!.enclosure['@_url'];

      if (direction === 'creator blocks fan') await insertBlock(app, creator.id, fan.id);
      else await insertBlock(app, fan.id, creator.id);
      expect((await readFeed(app, feedUrl)).statusCode, direction).toBe(404);
      expect((await fetchMedia(app, enclosure)).statusCode, direction).toBe(403);
    }
  });
});
