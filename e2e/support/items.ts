import { callApi } from './accounts.ts';

/**
 * Waits until anyone may see the item (GET /api/items/:itemId as a visitor answers 200): an
 * item whose file was processing is published by the catalogue a moment after the file is
 * ready (media.ready, decision 023), and only then do others see it.
 */
export async function waitUntilPublished(itemId: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await callApi(null, `/api/items/${itemId}`, 'GET');
    if (answer.status === 200) return;
    if (Date.now() > deadline) throw new Error(`item ${itemId} was not published: ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
