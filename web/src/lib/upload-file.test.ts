import type { mediaRoutes } from '@stagepass/contract/media';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadFile } from './upload-file';

/** Just enough of XMLHttpRequest: records what is sent and answers with the given status and body. */
function answerUploadsWith(status: number, response: unknown) {
  const sent: { method: string; url: string; body: FormData }[] = [];
  class FakeXmlHttpRequest extends EventTarget {
    status = 0;
    response: unknown = null;
    responseType = '';
    upload = new EventTarget();
    private opened = { method: '', url: '' };
    open(method: string, url: string) {
      this.opened = { method, url };
    }
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      sent.push({ ...this.opened, body });
      this.status = status;
      this.response = response;
      queueMicrotask(() => this.dispatchEvent(new Event('load')));
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXmlHttpRequest);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadFile', () => {
  it("sends the file in the field 'file' to the declared route, with its query", async () => {
    const sent = answerUploadsWith(201, { public_id: 'm1' });
    const answer = await uploadFile<typeof mediaRoutes.uploadMedia>(
      'POST /api/media/upload',
      new Blob(['bytes']),
      { query: { purpose: 'post' } },
    );
    expect(answer).toEqual({ public_id: 'm1' });
    expect(sent).toMatchObject([{ method: 'POST', url: '/api/media/upload?purpose=post' }]);
    expect(sent[0]?.body.get('file')).toBeInstanceOf(Blob);
  });

  it("rejects with the server's message and code", async () => {
    answerUploadsWith(413, { success: false, message: 'This file is larger than 20 MB.', code: 'TOO_LARGE' });
    await expect(
      uploadFile<typeof mediaRoutes.uploadMedia>('POST /api/media/upload', new Blob(['bytes'])),
    ).rejects.toMatchObject({ message: 'This file is larger than 20 MB.', code: 'TOO_LARGE', status: 413 });
  });
});
