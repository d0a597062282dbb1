import { createPostId } from '@stagepass/contract/posts';
import { describe, expect, it } from 'vitest';
import {
  isPostId,
  isUsername,
  NO_SUCH_POST,
  NO_SUCH_PROFILE,
  NO_SUCH_VIDEO,
  parseAnyOptions,
  postIdOptionsParser,
  usernameOptionsParser,
} from './modal-options';

describe("the modals' option parsers", () => {
  it('pass flags and free options on as they came', () => {
    expect(parseAnyOptions('no-redirect')).toEqual({ isValid: true, value: 'no-redirect' });
    expect(parseAnyOptions('')).toEqual({ isValid: true, value: '' });
  });

  it('read a username with or without its @, and refuse what cannot be one before it is fetched', () => {
    const parse = usernameOptionsParser("Open Support from a creator's page.");
    expect(parse('@mwila_banda.2')).toEqual({ isValid: true, value: '@mwila_banda.2' });
    expect(parse('MwilaBanda')).toEqual({ isValid: true, value: 'MwilaBanda' });
    expect(parse('')).toEqual({ isValid: false, message: "Open Support from a creator's page." });
    for (const garbage of ['..', '@..', 'a b', '<script>', 'x'.repeat(31), '%%%', '@']) {
      expect(parse(garbage), garbage).toEqual({ isValid: false, message: NO_SUCH_PROFILE });
    }
    expect(isUsername('@abc')).toBe(true);
  });

  it("read a post id of the server's shape only", () => {
    const parse = postIdOptionsParser('Open the tip picker from a post.');
    const postId = createPostId();
    expect(isPostId(postId)).toBe(true);
    expect(parse(postId)).toEqual({ isValid: true, value: postId });
    expect(parse('')).toEqual({ isValid: false, message: 'Open the tip picker from a post.' });
    for (const garbage of ['abc', `${postId}x`, '../../etc', 'Xy3_kP0a9QwErT.1']) {
      expect(parse(garbage), garbage).toEqual({ isValid: false, message: NO_SUCH_POST });
    }
  });

  it("read a videoId (an item id, as a post's) and say a video is missing otherwise", () => {
    const parse = postIdOptionsParser('Open Edit from one of your videos.', NO_SUCH_VIDEO);
    const videoId = createPostId();
    expect(parse(videoId)).toEqual({ isValid: true, value: videoId });
    expect(parse('')).toEqual({ isValid: false, message: 'Open Edit from one of your videos.' });
    for (const garbage of ['abc', `${videoId}x`, '..%20audio:@']) {
      expect(parse(garbage), garbage).toEqual({ isValid: false, message: NO_SUCH_VIDEO });
    }
  });
});
