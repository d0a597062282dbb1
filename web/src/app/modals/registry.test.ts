import { describe, expect, it } from 'vitest';
import { type ModalName, modalAudiences } from './modal-audiences';
import { findModal } from './registry';

// The modals that are about one thing (a post, a track, a profile) and say so without it.
const aboutOneThing: ModalName[] = [
  'read-only-more-options-menu',
  'book-creator',
  'report-or-block-profile',
  'tip-picker',
  'complete-send-tip-action',
  'support-creator',
  'unlock-exclusive-content',
  'join-to-unlock',
  'play-creator-songs',
];

describe('the modal registry', () => {
  it('reads the options of every modal without throwing, whatever an address carries', () => {
    for (const name of Object.keys(modalAudiences) as ModalName[]) {
      const modal = findModal(name);
      expect(modal, name).toBeDefined();
      const { parseOptions } = modal!;
      for (const options of ['', '..', '%E0%A4%A', 'a:b:c:d', '@', ' '.repeat(3), 'x'.repeat(500)]) {
        expect(() => parseOptions(options), `${name}/${options}`).not.toThrow();
      }
    }
  });

  it('gives a calm sentence, not the body, to a modal about one thing opened without it or with nonsense', () => {
    for (const name of aboutOneThing) {
      const { parseOptions } = findModal(name)!;
      for (const options of ['', '..', '%%', 'audio:']) {
        const parsed = parseOptions(options);
        expect(parsed, `${name}/${options}`).toMatchObject({ isValid: false, message: expect.any(String) });
      }
    }
  });

  it('opens nothing for a name it does not have, also one of Object.prototype', () => {
    expect(findModal('constructor')).toBeUndefined();
    expect(findModal('nope')).toBeUndefined();
  });
});
