import { POST_MESSAGES } from '@stagepass/contract/posts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { itemReactions, mediaAssets, posts } from '../../db/schema/index.ts';
import { insertPostMedia } from '../../test/factories/media.ts';
import { createPerson, getAs } from '../../test/factories/people.ts';
import { createPostAs, publishText, reactAs, updatePostAs } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();
const editAs = (cookie: string, postId: string, update: Record<string, unknown>) =>
  updatePostAs(testApp.app, cookie, postId, { postId, target: 'post', update });
const deleteAs = (cookie: string, postId: string) =>
  testApp.app.inject({ method: 'DELETE', url: `/api/post/delete/${postId}`, headers: { cookie } });

describe("PUT /api/post/update/:postId, target 'post'", () => {
  it('lets the author change the description, visibility, price and reactions switch', async () => {
    const creator = await createPerson(testApp.app);
    const postId = await publishText(testApp.app, creator);
    let response = await editAs(creator.cookie, postId, {
      description: 'Now for buyers',
      visibility: 'pay-to-unlock',
      price: 1500,
      isReactionsOpen: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().post).toMatchObject({
      description: 'Now for buyers',
      visibility: 'pay-to-unlock',
      price: 1500,
      isReactionsOpen: false,
    });
    // The price stays while the post stays pay-to-unlock, and goes when it stops being so.
    response = await editAs(creator.cookie, postId, { price: 2000 });
    expect(response.json().post).toMatchObject({ visibility: 'pay-to-unlock', price: 2000 });
    response = await editAs(creator.cookie, postId, { visibility: 'subscribers' });
    expect(response.json().post).toMatchObject({ visibility: 'subscribers', price: null });
  });

  it('refuses anyone but the author, with the post left as it was', async () => {
    const creator = await createPerson(testApp.app);
    const fan = await createPerson(testApp.app, { role: 'fan' });
    const otherCreator = await createPerson(testApp.app);
    const postId = await publishText(testApp.app, creator, { description: 'Original' });
    for (const person of [fan, otherCreator]) {
      const response = await editAs(person.cookie, postId, { description: 'Hijacked' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(POST_MESSAGES.onlyAuthorUpdates);
    }
    expect((await editAs('', postId, { description: 'Hijacked' })).statusCode).toBe(401);
    expect((await editAs(creator.cookie, 'D'.repeat(16), { description: 'x' })).statusCode).toBe(404);
    const [row] = await testApp.app.db.select().from(posts).where(eq(posts.id, postId));
    expect(row?.description).toBe('Original');
  });

  it('checks the new state: price with pay-to-unlock only, text posts keep their text', async () => {
    const creator = await createPerson(testApp.app);
    const postId = await publishText(testApp.app, creator);
    const cases: [Record<string, unknown>, string][] = [
      [{ visibility: 'pay-to-unlock' }, `price: ${POST_MESSAGES.priceRequired}`],
      [{ price: 500 }, `price: ${POST_MESSAGES.priceOnlyWhenPaid}`],
      [{ description: '  ' }, `description: ${POST_MESSAGES.textRequired}`],
      [{ visibility: 'pay-to-unlock', price: 20 }, `update.price: ${POST_MESSAGES.priceRange}`],
      [{}, `update: ${POST_MESSAGES.nothingToUpdate}`],
    ];
    for (const [update, message] of cases) {
      const response = await editAs(creator.cookie, postId, update);
      const { field, message: shown } = response.json();
      expect({ update, status: response.statusCode, message: `${field}: ${shown}` }).toEqual({
        update,
        status: 400,
        message,
      });
    }
  });
});

describe('DELETE /api/post/delete/:id', () => {
  it('lets only the author delete: others get 403, an unknown post 404', async () => {
    const creator = await createPerson(testApp.app);
    const fan = await createPerson(testApp.app, { role: 'fan' });
    const postId = await publishText(testApp.app, creator);
    const refused = await deleteAs(fan.cookie, postId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(POST_MESSAGES.onlyAuthorDeletes);
    expect((await deleteAs('', postId)).statusCode).toBe(401);
    expect((await getAs(testApp.app, undefined, `/api/post/fetch-post/${postId}`)).statusCode).toBe(200);
    const unknown = await deleteAs(creator.cookie, 'E'.repeat(16));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(POST_MESSAGES.postNotFound);
  });

  it('removes the post, its reactions and its media files', async () => {
    const creator = await createPerson(testApp.app);
    const fan = await createPerson(testApp.app, { role: 'fan' });
    const media = await insertPostMedia(testApp.app, creator.id);
    const created = await createPostAs(testApp.app, creator.cookie, {
      type: 'photo',
      postAssets: { image: { public_id: media.publicId } },
    });
    const { postId, postAssets } = created.json().newPost;
    await reactAs(testApp.app, fan.cookie, postId, 'love');

    const response = await deleteAs(creator.cookie, postId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: POST_MESSAGES.deleted });
    expect((await getAs(testApp.app, undefined, `/api/post/fetch-post/${postId}`)).statusCode).toBe(404);
    expect(await testApp.app.db.select().from(itemReactions).where(eq(itemReactions.itemId, postId))).toEqual(
      [],
    );
    expect(
      await testApp.app.db.select().from(mediaAssets).where(eq(mediaAssets.publicId, media.publicId)),
    ).toEqual([]);
    for (const key of media.keys) expect(await testApp.app.mediaStore.stat(key)).toBeNull();
    expect((await testApp.app.inject(postAssets.image.secure_url)).statusCode).toBe(404);
    // Deleting again: the post is gone.
    expect((await deleteAs(creator.cookie, postId)).statusCode).toBe(404);
  });
});
