import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import {
  audioTracks,
  blocks,
  cardTopups,
  itemMedia,
  itemReactions,
  items,
  mediaAssets,
  payouts,
  posts,
  supports,
  users,
  videos,
} from '../db/schema/index.ts';
import { earningsAccountId, readBalance } from '../modules/money/ledger/ledger.service.ts';
import { publishTrack } from './factories/audio.ts';
import { insertPostMedia } from './factories/media.ts';
import {
  depositRequest,
  fundWallet,
  insertAcceptedDeposit,
  insertReservedPayout,
  listAs,
  listDepositRowsOf,
  listPaymentMethodRowsOf,
  saveCardAs,
  saveNumberAs,
} from './factories/money.ts';
import { createPerson, insertBlock, type TestPerson } from './factories/people.ts';
import { publishText } from './factories/posts.ts';
import { publishSeries, publishVideo } from './factories/video.ts';
import { setupTestApp } from './test-app.ts';

// One person's things, tried by another signed-in person through every route that names
// an object: nothing is read, changed or taken over. The list at the end makes a new route
// with a path parameter fail here until someone decides how it is guarded.

const testApp = setupTestApp();

type Owned = {
  postId: string;
  postMediaId: string;
  avatarMediaId: string;
  depositId: string;
  numberId: string;
  cardId: string;
  blockedId: string;
  purchaseId: string;
  /** One-off support a fan sent the owner: its message is the owner's to hide. */
  receivedSupportId: string;
  cardTopupId: string;
  payoutId: string;
  /** A pay-to-unlock track with a cover: the other person has not paid for it. */
  track: { audioId: string; audioPublicId: string; coverPublicId: string };
  /** A pay-to-unlock episode with a cover in a series: the other person has not paid for it. */
  video: { videoId: string; filePublicId: string; coverPublicId: string; seriesId: string };
};

let owner: TestPerson;
let other: TestPerson;
let owned: Owned;

beforeAll(async () => {
  const { app } = testApp;
  owner = await createPerson(app, { role: 'creator' });
  other = await createPerson(app, { role: 'creator' });
  const blocked = await createPerson(app, { role: 'fan' });
  const supporter = await createPerson(app, { role: 'fan' });
  await insertBlock(app, owner.id, blocked.id);
  const depositId = await insertAcceptedDeposit(app, owner.id);
  owned = {
    postId: await publishText(app, owner, { description: 'Only mine to change' }),
    postMediaId: (await insertPostMedia(app, owner.id, { purpose: 'post' })).publicId,
    avatarMediaId: (await insertPostMedia(app, owner.id, { purpose: 'avatar' })).publicId,
    depositId,
    numberId: await saveNumberAs(app, owner, '0961234567'),
    cardId: await saveCardAs(app, owner),
    blockedId: blocked.id,
    purchaseId: await buySupportAs(app, owner, other),
    receivedSupportId: await buySupportAs(app, supporter, owner),
    cardTopupId: await topUpByCardAs(app, owner),
    payoutId: await insertReservedPayout(app, owner),
    track: await publishOwnersTrack(app, owner),
    video: await publishOwnersEpisode(app, owner),
  };
});

async function publishOwnersEpisode(app: App, person: TestPerson): Promise<Owned['video']> {
  const series = await publishSeries(app, person);
  const video = await publishVideo(app, person, {
    seriesId: series._id,
    visibility: 'pay-to-unlock',
    price: 900,
    withCover: true,
  });
  const [cover] = await app.db
    .select({ publicId: itemMedia.mediaPublicId })
    .from(itemMedia)
    .where(and(eq(itemMedia.itemId, video._id), eq(itemMedia.role, 'cover')));
  return {
    videoId: video._id,
    filePublicId: video.stream?.poster_url?.split('/')[2] ?? '',
    coverPublicId: cover?.publicId ?? '',
    seriesId: series._id,
  };
}

async function publishOwnersTrack(app: App, person: TestPerson): Promise<Owned['track']> {
  const track = await publishTrack(app, person, { visibility: 'pay-to-unlock', price: 900, withCover: true });
  return {
    audioId: track.audioId,
    audioPublicId: track.audio_asset.public_id,
    coverPublicId: track.cover_asset?.public_id ?? '',
  };
}

/** The owner's receipt: one-off support to the other creator, paid from a funded wallet. */
async function buySupportAs(app: App, buyer: TestPerson, creator: TestPerson): Promise<string> {
  await fundWallet(app.db, buyer.id, 5_000);
  const purchaseId = randomUUID();
  const answer = await app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: buyer.cookie },
    payload: { purchaseId, kind: 'support', creator: creator.username, amount: 1_000 },
  });
  expect(answer.statusCode).toBe(201);
  return purchaseId;
}

/** The owner's card top-up, from the card saved above (it goes through at once). */
async function topUpByCardAs(app: App, person: TestPerson): Promise<string> {
  const [card] = (await listAs(app, person)).cards;
  const topupId = randomUUID();
  const answer = await app.inject({
    method: 'POST',
    url: '/api/wallet/card-topups',
    headers: { cookie: person.cookie },
    payload: { topupId, amount: 1_000, paymentMethodId: card?._id, returnPath: '/@secret-shop' },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return topupId;
}

/** What the owner has, read from the tables: the same before and after the attempts. */
async function snapshotOwnersThings() {
  const { db } = testApp.app;
  return {
    user: await db.select().from(users).where(eq(users.id, owner.id)),
    posts: await db.select().from(posts).where(eq(posts.authorId, owner.id)),
    media: await db.select().from(mediaAssets).where(eq(mediaAssets.ownerId, owner.id)),
    deposits: await listDepositRowsOf(testApp.app, owner.id),
    methods: await listPaymentMethodRowsOf(testApp.app, owner.id),
    blocks: await db.select().from(blocks).where(eq(blocks.blockerId, owner.id)),
    purchases: (
      await testApp.app.inject({ url: '/api/purchases', headers: { cookie: owner.cookie } })
    ).json(),
    cardTopups: await db.select().from(cardTopups).where(eq(cardTopups.userId, owner.id)),
    payouts: await db.select().from(payouts).where(eq(payouts.userId, owner.id)),
    supportsReceived: await db.select().from(supports).where(eq(supports.creatorId, owner.id)),
    tracks: await db.select().from(audioTracks).where(eq(audioTracks.authorId, owner.id)),
    videos: await db.select().from(videos).where(eq(videos.authorId, owner.id)),
    items: await db.select().from(items).where(eq(items.creatorId, owner.id)),
    itemReactions: await db.select().from(itemReactions),
    earnings: await readBalance(db, earningsAccountId(owner.id)),
  };
}

type Attempt = {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (things: Owned) => string;
  body?: (things: Owned) => Record<string, unknown>;
  /** The refusals that keep the owner's thing safe (404 where existence must not show). */
  refusedWith: number[];
};

const ATTEMPTS: Attempt[] = [
  {
    route: 'GET /api/payouts/{payoutId}',
    method: 'GET',
    url: (t) => `/api/payouts/${t.payoutId}`,
    refusedWith: [404],
  },
  {
    route: 'POST /api/payouts/{payoutId}/cancel',
    method: 'POST',
    url: (t) => `/api/payouts/${t.payoutId}/cancel`,
    refusedWith: [404],
  },
  {
    route: 'POST /api/payouts (with the owner’s payoutId)',
    method: 'POST',
    url: () => '/api/payouts',
    body: (t) => ({ payoutId: t.payoutId, amount: 2_000, phone: '260763456789' }),
    refusedWith: [409],
  },
  {
    route: 'GET /api/purchases/{purchaseId}',
    method: 'GET',
    url: (t) => `/api/purchases/${t.purchaseId}`,
    refusedWith: [404],
  },
  {
    route: 'POST /api/purchases (with the owner’s purchaseId)',
    method: 'POST',
    url: () => '/api/purchases',
    body: (t) => ({ purchaseId: t.purchaseId, kind: 'support', creator: owner.username, amount: 1_000 }),
    refusedWith: [403, 409],
  },
  {
    route: 'PUT /api/creator/supporters/{supportId}/message',
    method: 'PUT',
    url: (t) => `/api/creator/supporters/${t.receivedSupportId}/message`,
    body: () => ({ isHidden: true }),
    refusedWith: [404],
  },
  {
    route: 'PUT /api/post/update/{postId}',
    method: 'PUT',
    url: (t) => `/api/post/update/${t.postId}`,
    body: () => ({ target: 'post', update: { description: 'Taken over' } }),
    refusedWith: [403, 404],
  },
  {
    route: 'DELETE /api/post/delete/{id}',
    method: 'DELETE',
    url: (t) => `/api/post/delete/${t.postId}`,
    refusedWith: [403, 404],
  },
  {
    route: 'POST /api/post/create (with the owner’s post id)',
    method: 'POST',
    url: () => '/api/post/create',
    body: (t) => ({ postId: t.postId, type: 'text', description: 'Taken over' }),
    refusedWith: [409],
  },
  {
    route: 'POST /api/post/create (with the owner’s photo)',
    method: 'POST',
    url: () => '/api/post/create',
    body: (t) => ({
      type: 'photo',
      description: 'Not my photo',
      postAssets: { image: { public_id: t.postMediaId } },
    }),
    refusedWith: [400, 403, 404],
  },
  {
    route: 'POST /api/audio/delete_audio/{a}/{b}',
    method: 'POST',
    url: (t) => `/api/audio/delete_audio/${owner.username.slice(1)}/${t.track.audioId}`,
    body: (t) => ({ public_id: t.track.audioPublicId }),
    refusedWith: [403],
  },
  {
    route: 'POST /api/audio/delete_asset/{id}',
    method: 'POST',
    url: (t) => `/api/audio/delete_asset/${t.track.audioId}`,
    body: (t) => ({ public_id: t.track.coverPublicId }),
    refusedWith: [403],
  },
  {
    route: 'GET /api/audio/audio-perfomance/{id}',
    method: 'GET',
    url: (t) => `/api/audio/audio-perfomance/${t.track.audioId}`,
    refusedWith: [403],
  },
  {
    route: 'PUT /api/audio/audio_reactions/{id}/{kind}/{value}',
    method: 'PUT',
    url: (t) => `/api/audio/audio_reactions/${t.track.audioId}/likes/love`,
    refusedWith: [403],
  },
  {
    route: 'POST /api/audio/create (with the owner’s audioId)',
    method: 'POST',
    url: () => '/api/audio/create',
    body: (t) => ({
      audioId: t.track.audioId,
      title: 'Taken over',
      genre: 'Pop',
      audio_asset: { public_id: t.track.audioPublicId },
    }),
    refusedWith: [409],
  },
  {
    route: 'POST /api/audio/create (with the owner’s audio file and cover)',
    method: 'POST',
    url: () => '/api/audio/create',
    body: (t) => ({
      title: 'Not my song',
      genre: 'Pop',
      audio_asset: { public_id: t.track.audioPublicId },
      cover_asset: { public_id: t.track.coverPublicId },
    }),
    refusedWith: [400],
  },
  {
    route: 'POST /api/video/delete_video/{a}/{b}',
    method: 'POST',
    url: (t) => `/api/video/delete_video/${owner.username.slice(1)}/${t.video.videoId}`,
    body: (t) => ({ public_id: t.video.filePublicId }),
    refusedWith: [403],
  },
  {
    route: 'POST /api/video/delete-many/{id}/{queryKey}',
    method: 'POST',
    url: () => `/api/video/delete-many/${owner.username.slice(1)}/fetch_videos`,
    body: (t) => ({ videoIds: [t.video.videoId] }),
    refusedWith: [403],
  },
  {
    route: 'POST /api/video/delete-many/{id}/{queryKey} (naming themselves)',
    method: 'POST',
    url: () => `/api/video/delete-many/${other.username.slice(1)}/fetch_videos`,
    body: (t) => ({ videoIds: [t.video.videoId, t.video.seriesId] }),
    refusedWith: [404],
  },
  {
    route: 'POST /api/video/delete_asset/{id}',
    method: 'POST',
    url: (t) => `/api/video/delete_asset/${t.video.videoId}`,
    body: (t) => ({ public_id: t.video.coverPublicId }),
    refusedWith: [403],
  },
  {
    route: 'GET /api/video/video-perfomance/{id}',
    method: 'GET',
    url: (t) => `/api/video/video-perfomance/${t.video.videoId}`,
    refusedWith: [403],
  },
  {
    route: 'PUT /api/video/video_reactions/{id}/{kind}/{value}',
    method: 'PUT',
    url: (t) => `/api/video/video_reactions/${t.video.videoId}/likes/love`,
    refusedWith: [403],
  },
  {
    route: 'POST /api/video/update-video (the owner’s episode)',
    method: 'POST',
    url: () => '/api/video/update-video',
    body: (t) => ({ videoId: t.video.videoId, title: 'Taken over', position: 1, seriesId: null }),
    refusedWith: [403],
  },
  {
    route: 'POST /api/video/create (with the owner’s videoId)',
    method: 'POST',
    url: () => '/api/video/create',
    body: (t) => ({
      videoId: t.video.videoId,
      title: 'Taken over',
      video_asset: { public_id: t.video.filePublicId },
    }),
    refusedWith: [400, 409],
  },
  {
    route: 'POST /api/video/create (into the owner’s series, with the owner’s file and cover)',
    method: 'POST',
    url: () => '/api/video/create',
    body: (t) => ({
      title: 'Not my film',
      video_asset: { public_id: t.video.filePublicId },
      cover_asset: { public_id: t.video.coverPublicId },
      seriesId: t.video.seriesId,
    }),
    refusedWith: [400, 404],
  },
  {
    route: 'GET /api/media/{publicId}/status',
    method: 'GET',
    url: (t) => `/api/media/${t.postMediaId}/status`,
    refusedWith: [404],
  },
  {
    route: 'DELETE /api/media/{publicId}',
    method: 'DELETE',
    url: (t) => `/api/media/${t.avatarMediaId}`,
    refusedWith: [403, 404],
  },
  {
    route: 'PUT /api/users/profile (with the owner’s photo as avatar)',
    method: 'PUT',
    url: () => '/api/users/profile',
    body: (t) => ({
      name: 'Other Person',
      username: other.username,
      gender: null,
      country: 'ZM',
      cartegory: 'music artist',
      bio: '',
      birthday: null,
      about: '',
      imagePublicId: t.avatarMediaId,
      phone: null,
    }),
    refusedWith: [400, 403, 404],
  },
  {
    route: 'GET /api/wallet/card-topups/{topupId}',
    method: 'GET',
    url: (t) => `/api/wallet/card-topups/${t.cardTopupId}`,
    refusedWith: [404],
  },
  {
    route: 'POST /api/wallet/card-topups (with the owner’s topupId)',
    method: 'POST',
    url: () => '/api/wallet/card-topups',
    body: (t) => ({ topupId: t.cardTopupId, amount: 1_000, paymentMethodId: t.cardId }),
    refusedWith: [409],
  },
  {
    // Anyone may bring a browser back from the bank; only the owner lands on their own page.
    route: 'GET /api/wallet/card-topups/{topupId}/return',
    method: 'GET',
    url: (t) => `/api/wallet/card-topups/${t.cardTopupId}/return`,
    refusedWith: [303],
  },
  {
    route: 'POST /api/pawapay/deposits-api/deposit-status/{depositId}',
    method: 'POST',
    url: (t) => `/api/pawapay/deposits-api/deposit-status/${t.depositId}`,
    body: () => ({}),
    refusedWith: [404],
  },
  {
    route: 'POST /api/pawapay/deposits-api/resend-deposit-callback/{id}',
    method: 'POST',
    url: (t) => `/api/pawapay/deposits-api/resend-deposit-callback/${t.depositId}`,
    body: () => ({}),
    refusedWith: [404],
  },
  {
    route: 'POST /api/pawapay/deposits-api/deposit (with the owner’s depositId)',
    method: 'POST',
    url: () => '/api/pawapay/deposits-api/deposit',
    body: (t) => depositRequest('260763456789', { depositId: t.depositId }),
    refusedWith: [409],
  },
  {
    route: 'PATCH /api/payment-methods/mobile-money/{id}',
    method: 'PATCH',
    url: (t) => `/api/payment-methods/mobile-money/${t.numberId}`,
    body: () => ({ phone: '0971234567' }),
    refusedWith: [404],
  },
  {
    route: 'DELETE /api/payment-methods/{id} (a number)',
    method: 'DELETE',
    url: (t) => `/api/payment-methods/${t.numberId}`,
    refusedWith: [404],
  },
  {
    route: 'DELETE /api/payment-methods/{id} (a card)',
    method: 'DELETE',
    url: (t) => `/api/payment-methods/${t.cardId}`,
    refusedWith: [404],
  },
  {
    route: 'PUT /api/payment-methods/preferred',
    method: 'PUT',
    url: () => '/api/payment-methods/preferred',
    body: (t) => ({ type: 'card', _id: t.cardId }),
    refusedWith: [404],
  },
];

describe("another signed-in person and the owner's things", () => {
  it.each(ATTEMPTS)('$route is refused and changes nothing', async (attempt) => {
    const { app } = testApp;
    const before = await snapshotOwnersThings();
    const response = await app.inject({
      method: attempt.method,
      url: attempt.url(owned),
      headers: { cookie: other.cookie },
      ...(attempt.body && { payload: attempt.body(owned) }),
    });
    expect(attempt.refusedWith, response.body).toContain(response.statusCode);
    expect(response.body).not.toContain(owner.id);
    expect(await snapshotOwnersThings()).toEqual(before);
  });

  it("removing one's own block of someone leaves the owner's block of them", async () => {
    const { app } = testApp;
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/blocks/${owned.blockedId}`,
      headers: { cookie: other.cookie },
    });
    expect(response.statusCode).toBeLessThan(500);
    const left = await app.db.select().from(blocks).where(eq(blocks.blockerId, owner.id));
    expect(left.map((row) => row.blockedId)).toEqual([owned.blockedId]);
  });
});

// Routes whose path parameter names something public (a person's page, a username to
// check, a page of posts the access rules filter) or only the caller's own things.
const PARAMETER_ROUTES_NOT_OWNED = new Set([
  'GET /api/auth/username-available/{username}',
  'GET /api/users/{username}',
  'POST /api/users/{username}/follow',
  'POST /api/users/{username}/report',
  'GET /api/post/fetch-post/{id}',
  'GET /api/post/fetch-posts/{limit}',
  'GET /api/post/fetch-all/{x}',
  'GET /api/post/fetch-own-posts/{a}/{b}',
  'GET /api/post/fetch-purchased-posts/{x}',
  'DELETE /api/blocks/{userId}',
  // Any item by its id: what it shows is decided by access, as for posts (items.test.ts).
  'GET /api/items/{itemId}',
  // Audio lists and reads: what they show is decided by access, as for posts.
  'GET /api/audio/profile-audios/{a}/{b}',
  'GET /api/audio/player-audios/{a}/{b}',
  'GET /api/audio/fetch_videos/{a}/{b}',
  'GET /api/audio/fetch-audio/{id}',
  'GET /api/audio/fetch_related_audios/{a}/{b}',
  // A play counts for the caller as a listener; it changes no one's thing but the count.
  'PUT /api/audio/audio_reactions/{id}/{kind}',
  // Video lists and reads: what they show is decided by access, as for posts and tracks.
  'GET /api/video/profile_videos/{a}/{b}',
  'GET /api/video/fetch_videos/{a}/{b}',
  'GET /api/video/fetch-to-watch/{x}',
  'GET /api/video/discover/{x}',
  'GET /api/video/fetch_video/{id}',
  'GET /api/video/fetch_related_videos/{a}/{b}',
  // Watching counts for the caller as a viewer, and keeps only the caller's own position.
  'PUT /api/video/video_reactions/{id}/{kind}',
  // A streamed folder's files: the token in the path is the credential (folder-media.test.ts).
  'GET /media/folder/{token}/*',
  // The caller's own feed of a creator; a feed's token is unguessable and names its fan's pass.
  'POST /api/audio/podcast-feeds/{username}',
  'GET /api/audio/podcast-feed/{token}',
  // Names a creator; the pass it changes is always the caller's own.
  'PUT /api/passes/{creator}/auto-renew',
  // The sandbox bank's 3-D Secure page: a charge of the processor's, named by an unguessable id.
  'GET /sandbox/cards/challenges/{chargeId}',
  'POST /sandbox/cards/challenges/{chargeId}',
]);

describe('every route with a path parameter', () => {
  it('is tried above, or is listed as naming nothing owned', async () => {
    const document = (await testApp.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const tried = new Set(ATTEMPTS.map((attempt) => attempt.route.replace(/ \(.*\)$/, '')));
    const unguarded = Object.entries(document.paths)
      .filter(([path]) => path.includes('{'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      )
      .filter((route) => !tried.has(route) && !PARAMETER_ROUTES_NOT_OWNED.has(route));
    expect(unguarded).toEqual([]);
  });
});
