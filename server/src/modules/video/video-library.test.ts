import { randomUUID } from 'node:crypto';
import type { TVideo, TWatchResponse } from '@stagepass/contract/video';
import { VIDEO_MESSAGES } from '@stagepass/contract/video';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createFanWithBalance } from '../../test/factories/money.ts';
import {
  createPerson,
  getAs,
  insertBlock,
  insertFollow,
  type TestPerson,
} from '../../test/factories/people.ts';
import { publishSeries, publishVideo } from '../../test/factories/video.ts';
import { setupTestApp } from '../../test/test-app.ts';

/**
 * The video library's rules through the spec's paths: series and their episodes in order,
 * who watches whole and who gets the preview (never a folder token), a series bought whole,
 * the watch page's next episode and resume, discover, and the author's edits and deletes.
 */

const testApp = setupTestApp();

async function watchAs(app: App, viewer: TestPerson | undefined, videoId: string): Promise<TWatchResponse> {
  const answer = await getAs(app, viewer?.cookie, `/api/video/fetch-to-watch/${videoId}`);
  if (answer.statusCode !== 200) throw new Error(`fetch-to-watch: ${answer.statusCode} ${answer.body}`);
  return answer.json() as TWatchResponse;
}

async function readVideoAs(app: App, viewer: TestPerson | undefined, videoId: string): Promise<TVideo> {
  const answer = await getAs(app, viewer?.cookie, `/api/video/fetch_video/${videoId}`);
  if (answer.statusCode !== 200) throw new Error(`fetch_video: ${answer.statusCode} ${answer.body}`);
  return answer.json().video as TVideo;
}

function buy(app: App, fan: TestPerson, creator: TestPerson, item: { type: 'video' | 'series'; id: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: { purchaseId: randomUUID(), kind: 'unlock', creator: creator.username, item },
  });
}

function update(app: App, person: TestPerson, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/video/update-video',
    headers: { cookie: person.cookie },
    payload,
  });
}

const positionsOf = (watch: TWatchResponse) => watch.series?.episodes.map((episode) => episode.title);

describe('series and episodes', () => {
  it('keep their episodes in order, add at the end, move and remove them, and name the next one', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const series = await publishSeries(app, creator, { title: 'Cooking with Chanda' });
    expect(series).toMatchObject({ type: 'series', episodesCount: 0, stream: null, status: 'ready' });
    const one = await publishVideo(app, creator, { title: 'One', seriesId: series._id });
    const two = await publishVideo(app, creator, { title: 'Two', seriesId: series._id });
    const three = await publishVideo(app, creator, { title: 'Three', seriesId: series._id });
    expect(three.series).toEqual({ _id: series._id, title: 'Cooking with Chanda', position: 3 });

    let watch = await watchAs(app, undefined, one._id);
    expect(positionsOf(watch)).toEqual(['One', 'Two', 'Three']);
    expect(watch.nextEpisodeId).toBe(two._id);
    expect((await watchAs(app, undefined, three._id)).nextEpisodeId).toBeNull();
    // The series itself opens at its first episode for a newcomer.
    watch = await watchAs(app, undefined, series._id);
    expect(watch.video._id).toBe(one._id);
    expect(watch.series?.episodesCount).toBe(3);

    // Without a cover of its own, the series shows its first episode's poster.
    expect(one.stream?.poster_url).toMatch(/^\/media\/.+poster/);
    expect((await readVideoAs(app, undefined, series._id)).cover_url).toBe(one.stream?.poster_url);

    expect((await update(app, creator, { videoId: three._id, position: 1 })).statusCode).toBe(200);
    expect(positionsOf(await watchAs(app, undefined, one._id))).toEqual(['Three', 'One', 'Two']);
    expect((await readVideoAs(app, undefined, series._id)).cover_url).toBe(three.stream?.poster_url);
    expect((await update(app, creator, { videoId: three._id, position: 3 })).statusCode).toBe(200);
    expect(positionsOf(await watchAs(app, undefined, one._id))).toEqual(['One', 'Two', 'Three']);
    const outOfRange = await update(app, creator, { videoId: one._id, position: 4 });
    expect(outOfRange.json()).toMatchObject({ message: VIDEO_MESSAGES.positionRange });

    // Out of the series: the later ones move up; it stands alone.
    const removed = await update(app, creator, { videoId: one._id, seriesId: null });
    expect(removed.json().video.series).toBeNull();
    watch = await watchAs(app, undefined, two._id);
    expect(positionsOf(watch)).toEqual(['Two', 'Three']);
    expect(watch.series?.episodes.map((episode) => episode.series?.position)).toEqual([1, 2]);
    // And back in, at the end; the edit-episode modal's fields change with it.
    const back = await update(app, creator, { videoId: one._id, seriesId: series._id, title: 'One again' });
    expect(back.json().video.series.position).toBe(3);
    expect(positionsOf(await watchAs(app, undefined, one._id))).toEqual(['Two', 'Three', 'One again']);
  });

  it("refuses episodes of another creator's series, series in series, and edits by anyone else", async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const other = await createPerson(app);
    const series = await publishSeries(app, creator);
    const video = await publishVideo(app, creator);
    await expect(publishVideo(app, other, { seriesId: series._id })).rejects.toThrow(/404/);
    await expect(publishVideo(app, creator, { seriesId: video._id })).rejects.toThrow(
      VIDEO_MESSAGES.notASeries,
    );
    const nested = await update(app, creator, {
      videoId: series._id,
      seriesId: (await publishSeries(app, creator))._id,
    });
    expect(nested.json()).toMatchObject({ message: VIDEO_MESSAGES.seriesInSeries });
    const foreign = await update(app, other, { videoId: video._id, title: 'Mine now' });
    expect(foreign.statusCode).toBe(403);
    expect((await readVideoAs(app, undefined, video._id)).title).toBe('Lusaka at night');
  });
});

describe('who watches whole', () => {
  it('gives a viewer without access the preview, the poster and the lock, and never a folder token', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    for (const visibility of ['subscribers', 'pay-to-unlock'] as const) {
      const video = await publishVideo(app, creator, { visibility });
      for (const viewer of [undefined, fan]) {
        const answer = await getAs(app, viewer?.cookie, `/api/video/fetch-to-watch/${video._id}`);
        expect(answer.body).not.toContain('/media/folder/');
        expect(answer.body).not.toContain('original');
        const watched = answer.json() as TWatchResponse;
        expect(watched.video).toMatchObject({ hasPaid: false, lockReason: visibility });
        expect(watched.video.stream).toMatchObject({
          master_url: null,
          audio_only_url: null,
          thumbnails_url: null,
        });
        const preview = await app.inject({ url: watched.video.stream!.preview_url! });
        expect(preview.statusCode).toBe(200);
        expect(preview.body).toBe('preview bytes');
      }
      // The author watches it whole, through a token of their own.
      const own = await readVideoAs(app, creator, video._id);
      expect(own.stream?.master_url).toMatch(
        /^\/media\/folder\/\d+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}\/[A-Za-z0-9_-]+\/hls\/master\.m3u8$/,
      );
      expect(own.stream?.master_url).toContain(`.${creator.id}.`);
    }
  });

  it('gives everyone the same public token for a public video, with each quality’s data cost', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const video = await publishVideo(app, creator);
    const [forVisitor, forFan] = [
      await readVideoAs(app, undefined, video._id),
      await readVideoAs(app, fan, video._id),
    ];
    expect(forVisitor.stream?.master_url).toContain('.public.');
    expect(forFan.stream?.master_url).toBe(forVisitor.stream?.master_url);
    // Each rung carries its sound: 240p is 3.8 MB in two minutes, 1.9 MB a minute.
    expect(forFan.stream?.renditions).toEqual([
      { name: '240p', height: 240, bytes: 3_800_000, bytesPerMinute: 1_900_000 },
      { name: 'audio', height: null, bytes: 1_000_000, bytesPerMinute: 500_000 },
    ]);
  });

  it('opens every episode of a series bought whole, and only those', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 10_000);
    const series = await publishSeries(app, creator, { visibility: 'pay-to-unlock', price: 2_000 });
    const episodes = [
      await publishVideo(app, creator, { seriesId: series._id, visibility: 'pay-to-unlock', price: 500 }),
      await publishVideo(app, creator, { seriesId: series._id, visibility: 'subscribers' }),
    ];
    const elsewhere = await publishVideo(app, creator, { visibility: 'pay-to-unlock', price: 500 });
    for (const episode of episodes) expect((await readVideoAs(app, fan, episode._id)).hasPaid).toBe(false);

    const bought = await buy(app, fan, creator, { type: 'series', id: series._id });
    expect(bought.statusCode, bought.body).toBe(201);
    const watch = await watchAs(app, fan, series._id);
    expect(watch.series?.hasPaid).toBe(true);
    for (const episode of watch.series?.episodes ?? []) {
      expect(episode.hasPaid).toBe(true);
      expect(episode.stream?.master_url).toContain(`.${fan.id}.`);
    }
    expect((await readVideoAs(app, fan, elsewhere._id)).hasPaid).toBe(false);
  });
});

describe('watching', () => {
  it('counts a view once a viewer a day after 10 s, keeps the rollups and resumes where the viewer stopped', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const video = await publishVideo(app, creator);
    const report = (value: number, position: number) =>
      app.inject({
        method: 'PUT',
        url: `/api/video/video_reactions/${video._id}/video_views`,
        headers: { cookie: fan.cookie },
        payload: { value, position },
      });
    expect((await report(5, 5)).json()).toMatchObject({ counted: false, views: 0 });
    expect((await report(15, 20)).json()).toMatchObject({ counted: true, views: 1 });
    expect((await report(15, 35)).json()).toMatchObject({ counted: false, views: 1 });
    expect((await watchAs(app, fan, video._id)).resumeAt).toBe(35);
    // Reaching the end: a completion, and the next visit starts from the beginning.
    await report(200, 119);
    expect((await watchAs(app, fan, video._id)).resumeAt).toBe(0);

    const performance = await getAs(app, creator.cookie, `/api/video/video-perfomance/${video._id}`);
    expect(performance.json().performance).toMatchObject({
      views: 1,
      viewers: 1,
      // Capped at the two minutes there are to watch.
      watchSeconds: 120,
      completionRate: 1,
    });
    expect((await getAs(app, fan.cookie, `/api/video/video-perfomance/${video._id}`)).statusCode).toBe(403);
  });
});

describe('discover', () => {
  it('shows creators the viewer does not follow, never blocked ones either way, nor the viewer’s own', async () => {
    const { app } = testApp;
    const fan = await createPerson(app);
    const [followed, blocked, blocker, stranger] = [
      await createPerson(app),
      await createPerson(app),
      await createPerson(app),
      await createPerson(app),
    ];
    await insertFollow(app, fan.id, followed.id);
    await insertBlock(app, fan.id, blocked.id);
    await insertBlock(app, blocker.id, fan.id);
    const own = await publishVideo(app, fan);
    const shown = await publishVideo(app, stranger);
    const hidden = [
      await publishVideo(app, followed),
      await publishVideo(app, blocked),
      await publishVideo(app, blocker),
    ];

    const ids: string[] = [];
    let cursor: string | null = '0';
    while (cursor !== null) {
      const page = await getAs(app, fan.cookie, `/api/video/discover/${cursor}`);
      expect(page.statusCode, page.body).toBe(200);
      ids.push(...page.json().videos.map((video: TVideo) => video._id));
      cursor = page.json().nextPage;
    }
    expect(ids).toContain(shown._id);
    for (const video of [own, ...hidden]) expect(ids).not.toContain(video._id);
    expect((await getAs(app, fan.cookie, '/api/video/discover/nope')).statusCode).toBe(400);
  });
});

describe('deleting', () => {
  it('deletes many of the author’s videos at once, all or none, with their files', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const other = await createPerson(app);
    const mine = [await publishVideo(app, creator), await publishVideo(app, creator)];
    const theirs = await publishVideo(app, other);
    const deleteMany = (ids: string[], as = creator, username = creator.username) =>
      app.inject({
        method: 'POST',
        url: `/api/video/delete-many/${encodeURIComponent(username)}/fetch_videos`,
        headers: { cookie: as.cookie },
        payload: { videoIds: ids },
      });
    expect((await deleteMany([mine[0]!._id, theirs._id])).statusCode).toBe(404);
    expect((await deleteMany([mine[0]!._id], other, creator.username)).statusCode).toBe(403);
    const done = await deleteMany(mine.map((video) => video._id));
    expect(done.json()).toMatchObject({ message: '2 videos deleted.', queryKey: 'fetch_videos' });
    for (const video of mine) {
      expect((await getAs(app, creator.cookie, `/api/video/fetch_video/${video._id}`)).statusCode).toBe(404);
      const poster = await app.inject({ url: `/media/${video.stream!.poster_url!.split('/media/')[1]}` });
      expect(poster.statusCode).toBe(404);
    }
    expect((await readVideoAs(app, other, theirs._id))._id).toBe(theirs._id);
  });

  it('deletes one video by its file, and its cover alone, named to the author only, with the answers’ messages', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app);
    const video = await publishVideo(app, creator, { withCover: true });
    expect(video.video_asset?.public_id).toMatch(/^[\w-]+$/);
    expect(video.cover_asset?.public_id).toMatch(/^[\w-]+$/);
    // Nobody but the author is told what the files are.
    expect(await readVideoAs(app, fan, video._id)).toMatchObject({ video_asset: null, cover_asset: null });

    const post = (url: string, publicId: string, as = creator) =>
      app.inject({ method: 'POST', url, headers: { cookie: as.cookie }, payload: { public_id: publicId } });
    const coverUrl = `/media/${video.cover_url!.split('/media/')[1]}`;
    expect(
      (await post(`/api/video/delete_asset/${video._id}`, video.cover_asset!.public_id, fan)).statusCode,
    ).toBe(403);
    const coverGone = await post(`/api/video/delete_asset/${video._id}`, video.cover_asset!.public_id);
    expect(coverGone.json()).toEqual({ success: true, message: VIDEO_MESSAGES.coverDeleted });
    expect((await app.inject({ url: coverUrl })).statusCode).toBe(404);
    expect(await readVideoAs(app, creator, video._id)).toMatchObject({ cover_url: null, cover_asset: null });

    const deleteUrl = `/api/video/delete_video/${encodeURIComponent(creator.username)}/${video._id}`;
    // Another upload's id is not this video's file.
    expect((await post(deleteUrl, 'not-this-file')).statusCode).toBeGreaterThanOrEqual(400);
    const gone = await post(deleteUrl, video.video_asset!.public_id);
    expect(gone.json()).toEqual({ success: true, message: VIDEO_MESSAGES.videoDeleted });
    expect((await getAs(app, creator.cookie, `/api/video/fetch_video/${video._id}`)).statusCode).toBe(404);
    expect(
      (await app.inject({ url: `/media/${video.stream!.poster_url!.split('/media/')[1]}` })).statusCode,
    ).toBe(404);
  });
});
