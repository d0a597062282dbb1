import { ITEM_MESSAGES } from '@stagepass/contract/items';
import { describe, expect, it } from 'vitest';
import { parseModalQuery } from '../../../lib/modals/parse-modal-query';
import { NO_SUCH_ITEM, parseUnlockOptions, readUnlockTarget } from './unlock-target';

describe("the unlock modal's options", () => {
  it('name an item by its id, whatever its kind', () => {
    expect(readUnlockTarget('Xy3_kP0a9QwErTy1')).toEqual({
      itemId: 'Xy3_kP0a9QwErTy1',
      missing: 'This item does not exist or is no longer available.',
    });
  });

  it('still open an old track link, audio:<audioId>, as the same item', () => {
    expect(readUnlockTarget('audio:Ab-_3d5f7h9j1l3n')).toEqual({
      itemId: 'Ab-_3d5f7h9j1l3n',
      missing: 'This track does not exist.',
    });
    const search = new URLSearchParams({ modal: 'unlock-exclusive-content/audio:Ab-_3d5f7h9j1l3n' });
    const query = parseModalQuery(new URLSearchParams(search.toString()));
    expect(readUnlockTarget(query?.options ?? '').itemId).toBe('Ab-_3d5f7h9j1l3n');
  });

  it('are checked before anything is fetched: nothing, or an id of the wrong shape, names nothing', () => {
    expect(parseUnlockOptions('Xy3_kP0a9QwErTy1')).toMatchObject({
      isValid: true,
      value: { itemId: 'Xy3_kP0a9QwErTy1' },
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

  it("say a missing item in the contract's words (copied, to keep zod out of the modal's chunk)", () => {
    expect(NO_SUCH_ITEM).toBe(ITEM_MESSAGES.notFound);
  });
});
