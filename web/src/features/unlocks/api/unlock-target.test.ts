import { describe, expect, it } from 'vitest';
import { parseModalQuery } from '../../../lib/modals/parse-modal-query';
import { parseUnlockOptions, readUnlockTarget, toUnlockOptions } from './unlock-target';

describe("the unlock modal's options", () => {
  it('name a post by its id, as before', () => {
    expect(readUnlockTarget('Xy3_kP0a9QwErTy1')).toEqual({ type: 'post', id: 'Xy3_kP0a9QwErTy1' });
  });

  it('name a track as audio:<audioId>', () => {
    expect(readUnlockTarget('audio:Ab-_3d5f7h9j1l3n')).toEqual({ type: 'audio', id: 'Ab-_3d5f7h9j1l3n' });
  });

  it('survive the modal query, which splits at slashes', () => {
    const options = toUnlockOptions({ type: 'audio', id: 'Ab-_3d5f7h9j1l3n' });
    const search = new URLSearchParams({ modal: `unlock-exclusive-content/${options}` });
    const query = parseModalQuery(new URLSearchParams(search.toString()));
    expect(readUnlockTarget(query?.options ?? '')).toEqual({ type: 'audio', id: 'Ab-_3d5f7h9j1l3n' });
  });

  it('are checked before anything is fetched: nothing, or an id of the wrong shape, names nothing', () => {
    expect(parseUnlockOptions('Xy3_kP0a9QwErTy1')).toEqual({
      isValid: true,
      value: { type: 'post', id: 'Xy3_kP0a9QwErTy1' },
    });
    expect(parseUnlockOptions('audio:Ab-_3d5f7h9j1l3n')).toMatchObject({ isValid: true });
    expect(parseUnlockOptions('')).toEqual({
      isValid: false,
      message: 'Open Unlock from a locked post or track.',
    });
    expect(parseUnlockOptions('garbage')).toEqual({ isValid: false, message: 'This post does not exist.' });
    expect(parseUnlockOptions('audio:')).toEqual({ isValid: false, message: 'This track does not exist.' });
    expect(parseUnlockOptions('audio:../x')).toEqual({
      isValid: false,
      message: 'This track does not exist.',
    });
  });
});
