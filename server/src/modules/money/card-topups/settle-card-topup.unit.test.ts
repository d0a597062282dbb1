import { ZReturnPath } from '@stagepass/contract/card-topups';
import { describe, expect, it } from 'vitest';
import { isCardTopupSettled, NOT_RECEIVED, toCardTopupStatus } from './settle-card-topup.ts';

describe('where a charge puts a card top-up', () => {
  it('reads every charge status', () => {
    expect(toCardTopupStatus('succeeded')).toEqual({ status: 'completed', failureCode: null });
    expect(toCardTopupStatus('requires_action')).toEqual({ status: 'requires-action', failureCode: null });
    expect(toCardTopupStatus('declined')).toEqual({ status: 'failed', failureCode: 'DECLINED' });
    expect(toCardTopupStatus('insufficient_funds')).toEqual({
      status: 'failed',
      failureCode: 'INSUFFICIENT_FUNDS',
    });
    expect(toCardTopupStatus('authentication_failed')).toEqual({
      status: 'failed',
      failureCode: 'AUTHENTICATION_REFUSED',
    });
  });

  it('keeps a top-up closed for want of news open to a late report', () => {
    expect(isCardTopupSettled({ status: 'completed', failureCode: null })).toBe(true);
    expect(isCardTopupSettled({ status: 'failed', failureCode: 'DECLINED' })).toBe(true);
    expect(isCardTopupSettled({ status: 'failed', failureCode: NOT_RECEIVED })).toBe(false);
    expect(isCardTopupSettled({ status: 'requires-action', failureCode: null })).toBe(false);
  });
});

describe('a return path', () => {
  it('stays on this site', () => {
    for (const path of ['/wallet', '/@ama?tab=posts', '/posts/abc#tips']) {
      expect(ZReturnPath.safeParse(path).success, path).toBe(true);
    }
    for (const path of ['//evil.example', '/\\evil.example', 'https://evil.example', 'wallet', '/a b', '']) {
      expect(ZReturnPath.safeParse(path).success, path).toBe(false);
    }
  });
});
