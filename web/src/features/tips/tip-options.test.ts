import { TIP_MESSAGES, TIP_OPTIONS } from '@stagepass/contract/tips';
import { describe, expect, it } from 'vitest';
import { NO_SUCH_POST } from '../../lib/modals/modal-options';
import { parseModalQuery } from '../../lib/modals/parse-modal-query';
import { readTipChoice } from './tip-choice';
import { parseCompleteSendTipOptions, readTipAddress, toCompleteSendTipOptions } from './tip-options';

const postId = 'Xy3_kP0a9QwErTy1';

describe("complete-send-tip-action's options", () => {
  it('carry the post, the tip and its amount through the modal query, which splits at slashes', () => {
    for (const option of TIP_OPTIONS) {
      const search = new URLSearchParams({
        modal: `complete-send-tip-action/${toCompleteSendTipOptions(postId, option)}`,
      });
      const query = parseModalQuery(new URLSearchParams(search.toString()));
      expect(query?.component).toBe('complete-send-tip-action');
      const address = parseCompleteSendTipOptions(query?.options ?? '');
      expect(address).toEqual({
        isValid: true,
        value: { postId, tipName: option.name, amount: String(option.amount / 100) },
      });
      expect(address.isValid && readTipChoice(address.value)).toEqual({ isValid: true, value: option });
    }
  });

  it('read as the route /feed/{postId}/send-tip/{tipName}/{amount} does, the name in any case', () => {
    const address = readTipAddress(postId, 'munkoyo', '10');
    expect(address.isValid && readTipChoice(address.value)).toMatchObject({ isValid: true });
    expect(parseCompleteSendTipOptions(`${postId}:Munkoyo:10`)).toMatchObject({ isValid: true });
  });

  it('name nothing without a post id of the right shape or a tip name', () => {
    expect(parseCompleteSendTipOptions('')).toEqual({ isValid: false, message: 'Choose a tip from a post.' });
    expect(parseCompleteSendTipOptions('garbage')).toEqual({ isValid: false, message: NO_SUCH_POST });
    expect(parseCompleteSendTipOptions(postId)).toEqual({
      isValid: false,
      message: 'Choose a tip from a post.',
    });
    expect(parseCompleteSendTipOptions(`${postId}:${'x'.repeat(41)}:10`)).toMatchObject({ isValid: false });
    expect(parseCompleteSendTipOptions(`${postId}:%E0%A4%A:10`)).toMatchObject({ isValid: true });
  });

  it('name no tip the list does not have, or at another amount', () => {
    const munkoyo = TIP_OPTIONS.find((option) => option.name === 'Munkoyo')!;
    expect(readTipChoice({ postId, tipName: 'Bogus', amount: '10' })).toEqual({
      isValid: false,
      message: TIP_MESSAGES.unknownTip,
    });
    for (const amount of ['', '1', '10.5', '-10', '1e1', 'ten']) {
      expect(readTipChoice({ postId, tipName: 'Munkoyo', amount }), amount).toEqual({
        isValid: false,
        message: TIP_MESSAGES.wrongAmount(munkoyo),
      });
    }
  });
});
