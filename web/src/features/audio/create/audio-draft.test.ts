import { AUDIO_MESSAGES, ZCreateAudioRequest } from '@stagepass/contract/audio';
import { describe, expect, it } from 'vitest';
import { type AudioFormValues, readAudioDraft } from './audio-draft';

const filled: AudioFormValues = {
  audioId: 'abcdEFGH_-123456',
  title: '  Lusaka Nights ',
  genre: 'Kalindula',
  audioPublicId: 'audio-public-id',
  coverPublicId: null,
  visibility: 'everyone',
  price: '',
};

describe('readAudioDraft', () => {
  it('makes the request the server expects, which the contract accepts', () => {
    const { draft } = readAudioDraft(filled);
    expect(draft).toEqual({
      audioId: 'abcdEFGH_-123456',
      title: 'Lusaka Nights',
      genre: 'Kalindula',
      audio_asset: { public_id: 'audio-public-id' },
      cover_asset: null,
      visibility: 'everyone',
      price: null,
    });
    expect(ZCreateAudioRequest.safeParse(draft).success).toBe(true);
  });

  it('sends the cover when there is one', () => {
    const { draft } = readAudioDraft({ ...filled, coverPublicId: 'cover-id' });
    expect(draft?.cover_asset).toEqual({ public_id: 'cover-id' });
  });

  it('turns a price in kwacha into integer ngwee, only for pay-to-unlock', () => {
    const paid = { ...filled, visibility: 'pay-to-unlock' as const };
    expect(readAudioDraft({ ...paid, price: '25' }).draft?.price).toBe(2500);
    expect(readAudioDraft({ ...paid, price: 'K 19.99' }).draft?.price).toBe(1999);
    expect(readAudioDraft({ ...paid, price: '1,000.5' }).draft?.price).toBe(100_050);
    expect(readAudioDraft({ ...filled, price: '25' }).draft?.price).toBeNull();
    expect(readAudioDraft({ ...filled, visibility: 'subscribers', price: '25' }).draft?.price).toBeNull();
    // 0.29 * 100 is 28.999… in floating point: read from the digits, it is 29 ngwee exactly.
    const draft = readAudioDraft({ ...paid, price: '1000.29' }).draft;
    expect(draft?.price).toBe(100_029);
    expect(ZCreateAudioRequest.safeParse(draft).success).toBe(true);
  });

  it('refuses a missing or out-of-range price in the server’s words', () => {
    const paid = { ...filled, visibility: 'pay-to-unlock' as const };
    expect(readAudioDraft({ ...paid, price: ' ' }).errors).toEqual({ price: AUDIO_MESSAGES.priceRequired });
    for (const price of ['0.99', '10000.01', '25.555', 'twenty', '-5']) {
      expect(readAudioDraft({ ...paid, price }).errors).toEqual({ price: AUDIO_MESSAGES.priceRange });
    }
    expect(readAudioDraft({ ...paid, price: '1' }).draft?.price).toBe(100);
    expect(readAudioDraft({ ...paid, price: '10000' }).draft?.price).toBe(1_000_000);
  });

  it('says what is missing, field by field', () => {
    expect(readAudioDraft({ ...filled, title: '   ', genre: '', audioPublicId: null }).errors).toEqual({
      title: AUDIO_MESSAGES.titleRequired,
      genre: AUDIO_MESSAGES.genreRequired,
      audio: AUDIO_MESSAGES.audioRequired,
    });
    expect(readAudioDraft({ ...filled, title: 'x'.repeat(121) }).errors).toEqual({
      title: AUDIO_MESSAGES.titleTooLong,
    });
    expect(readAudioDraft({ ...filled, genre: 'Polka' }).errors).toEqual({
      genre: AUDIO_MESSAGES.genreRequired,
    });
  });
});
