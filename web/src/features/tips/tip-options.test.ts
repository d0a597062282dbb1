import { TIP_MESSAGES, TIP_OPTIONS } from '@stagepass/contract/tips';
import { describe, expect, it } from 'vitest';
import { NO_SUCH_POST } from '../../lib/modals/modal-options';
import { parseModalQuery } from '../../lib/modals/parse-modal-query';
import { parseCompleteSendTipOptions, readTipOnPost, toCompleteSendTipOptions } from './tip-options';

const postId = 'Xy3_kP0a9QwErTy1';

describe("complete-send-tip-action's options", () => {
  it('carry the post, the tip and its amount through the modal query, which splits at slashes', () => {
    for (const option of TIP_OPTIONS) {
      const search = new URLSearchParams({
        modal: `complete-send-tip-action/${toCompleteSendTipOptions(postId, option)}`,
      });
      const query = parseModalQuery(new URLSearchParams(search.toString()));
      expect(query?.component).toBe('complete-send-tip-action');
      expect(parseCompleteSendTipOptions(query?.options ?? '')).toEqual({
        isValid: true,
        value: { postId, option },
      });
    }
  });

  it('read as the route /feed/{postId}/send-tip/{tipName}/{amount} does, the name in any case', () => {
    expect(readTipOnPost(postId, 'munkoyo', '10')).toMatchObject({ isValid: true });
    expect(parseCompleteSendTipOptions(`${postId}:Munkoyo:10`)).toMatchObject({ isValid: true });
  });

  it('name no tip when a part is missing, unknown or priced otherwise', () => {
    const munkoyo = TIP_OPTIONS.find((option) => option.name === 'Munkoyo')!;
    expect(parseCompleteSendTipOptions('')).toEqual({ isValid: false, message: 'Choose a tip from a post.' });
    expect(parseCompleteSendTipOptions('garbage')).toEqual({ isValid: false, message: NO_SUCH_POST });
    expect(parseCompleteSendTipOptions(`${postId}`)).toEqual({
      isValid: false,
      message: TIP_MESSAGES.unknownTip,
    });
    expect(parseCompleteSendTipOptions(`${postId}:Bogus:10`)).toEqual({
      isValid: false,
      message: TIP_MESSAGES.unknownTip,
    });
    for (const amount of ['', '1', '10.5', '-10', '1e1', 'ten']) {
      expect(parseCompleteSendTipOptions(`${postId}:Munkoyo:${amount}`), amount).toEqual({
        isValid: false,
        message: TIP_MESSAGES.wrongAmount(munkoyo),
      });
    }
    expect(parseCompleteSendTipOptions(`${postId}:%E0%A4%A:10`)).toMatchObject({ isValid: false });
  });
});
