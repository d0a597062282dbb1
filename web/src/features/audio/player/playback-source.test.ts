import type { TAudio } from '@stagepass/contract/audio';
import { describe, expect, it } from 'vitest';
import { choosePlaybackSource, hasFullAccess, isPastPreviewLimit, readSourceKey } from './playback-source';

type Access = Pick<TAudio, 'profileInteraction' | 'hasPaid' | 'audio_asset'>;

const asset: TAudio['audio_asset'] = {
  public_id: 'asset',
  secure_url: '/media/a/audio.m4a?sig=1',
  data_saver_url: '/media/a/audio-lite.m4a?sig=1',
  preview_url: '/media/a/preview.m4a?sig=1',
  waveform_url: '/media/a/waveform.json',
  duration: 180,
  preview_duration: 30,
  status: 'ready',
  failureReason: null,
};
const guest = (hasPaid: boolean, audio_asset = asset): Access => ({
  profileInteraction: 'GUEST',
  hasPaid,
  audio_asset,
});
const lockedAsset = { ...asset, secure_url: null, data_saver_url: null };

describe('who hears the whole track', () => {
  it('is the author and whoever has paid', () => {
    expect(hasFullAccess({ profileInteraction: 'AUTHOR', hasPaid: false })).toBe(true);
    expect(hasFullAccess({ profileInteraction: 'GUEST', hasPaid: true })).toBe(true);
    expect(hasFullAccess({ profileInteraction: 'GUEST', hasPaid: false })).toBe(false);
  });
});

describe('the file the player plays', () => {
  it('is the full rendition, seekable and without a limit, for a listener who has paid', () => {
    expect(choosePlaybackSource(guest(true), { isDataSaverOn: false })).toEqual({
      kind: 'full',
      url: asset.secure_url,
      canSeek: true,
      limitSeconds: null,
    });
  });

  it('is the data-saver rendition when the listener turned Data saver on', () => {
    const source = choosePlaybackSource(guest(true), { isDataSaverOn: true });
    expect(source).toMatchObject({ kind: 'data-saver', url: asset.data_saver_url, canSeek: true });
  });

  it('falls back to the other full rendition when one is missing', () => {
    const noLite = guest(true, { ...asset, data_saver_url: null });
    expect(choosePlaybackSource(noLite, { isDataSaverOn: true })).toMatchObject({ kind: 'full' });
    const noFull = guest(true, { ...asset, secure_url: null });
    expect(choosePlaybackSource(noFull, { isDataSaverOn: false })).toMatchObject({ kind: 'data-saver' });
  });

  it('is the author’s full file even though hasPaid were false', () => {
    const author: Access = { profileInteraction: 'AUTHOR', hasPaid: false, audio_asset: asset };
    expect(choosePlaybackSource(author, { isDataSaverOn: false })).toMatchObject({ kind: 'full' });
  });

  it('is the preview, without seeking and stopping at 30 s, for everyone else', () => {
    expect(choosePlaybackSource(guest(false, lockedAsset), { isDataSaverOn: false })).toEqual({
      kind: 'preview',
      url: asset.preview_url,
      canSeek: false,
      limitSeconds: 30,
    });
  });

  it('never plays a full address to a listener without access, even one sent by mistake', () => {
    expect(choosePlaybackSource(guest(false), { isDataSaverOn: false })).toMatchObject({ kind: 'preview' });
  });

  it('is nothing while the audio is still processing', () => {
    const processing = { ...lockedAsset, preview_url: null, status: 'processing' as const };
    expect(choosePlaybackSource(guest(true, processing), { isDataSaverOn: false })).toBeNull();
    expect(choosePlaybackSource(guest(false, processing), { isDataSaverOn: false })).toBeNull();
  });
});

describe('the preview limit', () => {
  const preview = { limitSeconds: 30 };
  it('is reached at 30 s, not before', () => {
    expect(isPastPreviewLimit(preview, 29.5)).toBe(false);
    expect(isPastPreviewLimit(preview, 29.97)).toBe(true);
    expect(isPastPreviewLimit(preview, 30)).toBe(true);
    expect(isPastPreviewLimit(preview, 42)).toBe(true);
  });

  it('never stops a full file', () => {
    expect(isPastPreviewLimit({ limitSeconds: null }, 3600)).toBe(false);
    expect(isPastPreviewLimit(null, 3600)).toBe(false);
  });
});

describe('the loaded file’s key', () => {
  it('stays the same when the same file is signed anew, and changes with the file', () => {
    const first = choosePlaybackSource(guest(true), { isDataSaverOn: false });
    const resigned = choosePlaybackSource(guest(true, { ...asset, secure_url: '/media/a/audio.m4a?sig=2' }), {
      isDataSaverOn: false,
    });
    expect(readSourceKey('t1', first)).toBe(readSourceKey('t1', resigned));
    const preview = choosePlaybackSource(guest(false, lockedAsset), { isDataSaverOn: false });
    expect(readSourceKey('t1', preview)).not.toBe(readSourceKey('t1', first));
    expect(readSourceKey('t2', first)).not.toBe(readSourceKey('t1', first));
  });
});
