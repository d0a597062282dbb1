import { describe, expect, it } from 'vitest';
import { pageAudiences } from './page-audiences';
import { findPageParamsCheck, pageParamsChecks } from './page-params';

const postId = 'Xy3_kP0a9QwErTy1';
const check = (path: string, params: Record<string, string>, search = '') =>
  findPageParamsCheck(path)?.(params, new URLSearchParams(search)) ?? null;

describe("the pages' parameter checks", () => {
  it('cover every page whose path has a parameter', () => {
    const withParams = Object.keys(pageAudiences).filter((path) => path.includes(':'));
    expect(Object.keys(pageParamsChecks)).toEqual(expect.arrayContaining(withParams));
  });

  it('let through what may name something', () => {
    expect(check(':username', { username: '@mwilabanda' })).toBeNull();
    expect(check('feed/:postId', { postId })).toBeNull();
    expect(check('subscribe', {}, '?profileId=mwilabanda&content=music')).toBeNull();
    expect(
      check('manage-membership/:username', { username: 'mwilabanda' }, `?collection=audio&itemId=${postId}`),
    ).toBeNull();
    expect(
      check('feed/:postId/send-tip/:tipName/:amount', { postId, tipName: 'Munkoyo', amount: '10' }),
    ).toBeNull();
    expect(check(':username/audio/:audioId', { username: '@mwilabanda', audioId: postId })).toBeNull();
  });

  it('say calmly why an address names nothing', () => {
    expect(check('subscribe', {}, '?profileId=..')).toBe('This profile does not exist.');
    expect(check('subscribe', {}, '')).toBe('This profile does not exist.');
    expect(check(':username', { username: '@..' })).toBe('This profile does not exist.');
    expect(check('feed/:postId/comments', { postId: 'nope' })).toBe('This post does not exist.');
    expect(check(':username/audio/:audioId', { username: '@mwila', audioId: 'x' })).toBe(
      'This track does not exist.',
    );
    expect(check('manage-membership/:username', { username: 'mwila' }, '?collection=audio&itemId=')).toBe(
      'This track does not exist.',
    );
    expect(check('manage-membership/:username', { username: 'mwila' }, '?collection=shoes&itemId=1')).toBe(
      'This link names nothing to join or unlock.',
    );
    expect(
      check('feed/:postId/send-tip/:tipName/:amount', { postId: 'x', tipName: 'Munkoyo', amount: '10' }),
    ).toBe('This post does not exist.');
  });
});
