import { describe, expect, it } from 'vitest';
import { buildModalSearch, removeModalParams } from './build-modal-search';
import { parseModalQuery } from './parse-modal-query';

const parse = (search: string) => parseModalQuery(new URLSearchParams(search));

describe('parseModalQuery', () => {
  it('returns null when no modal is asked for', () => {
    expect(parse('')).toBeNull();
    expect(parse('?q=music')).toBeNull();
    expect(parse('?modal=')).toBeNull();
  });

  it('splits the value on slashes into component, options and the two flags', () => {
    expect(parse('?modal=messaging/no-redirect/true/false')).toEqual({
      component: 'messaging',
      options: 'no-redirect',
      showClose: true,
      showBack: false,
      detail: '',
      title: '',
    });
    expect(parse('?modal=signin/no-redirect/false/true')).toMatchObject({
      component: 'signin',
      options: 'no-redirect',
      showClose: false,
      showBack: true,
    });
  });

  it('defaults missing parts to no options, a close button and no back button', () => {
    expect(parse('?modal=messaging')).toMatchObject({ options: '', showClose: true, showBack: false });
    expect(parse('?modal=alert/')).toMatchObject({ options: '', showClose: true, showBack: false });
    expect(parse('?modal=confirm/delete')).toMatchObject({ options: 'delete', showClose: true });
  });

  it('reads the slashes whether or not they are percent-encoded', () => {
    expect(parse('?modal=confirm%2Fclose%2Ffalse')).toMatchObject({
      component: 'confirm',
      options: 'close',
      showClose: false,
    });
  });

  it('reads the detail text and turns hyphens of the title into spaces', () => {
    expect(parse('?modal=alert&modal_detail=Your card was removed.&title=Card-removed')).toMatchObject({
      component: 'alert',
      detail: 'Your card was removed.',
      title: 'Card removed',
    });
  });
});

describe('buildModalSearch', () => {
  it('writes readable slashes and drops trailing defaults', () => {
    expect(buildModalSearch(new URLSearchParams(), 'messaging')).toBe('?modal=messaging');
    expect(
      buildModalSearch(new URLSearchParams(), 'signin', { options: 'no-redirect', showBack: true }),
    ).toBe('?modal=signin/no-redirect/true/true');
    expect(buildModalSearch(new URLSearchParams(), 'alert', { showClose: false })).toBe(
      '?modal=alert//false',
    );
  });

  it('keeps other parameters, replaces an open modal and round-trips through the parser', () => {
    const search = buildModalSearch(new URLSearchParams('q=music&modal=old&title=Old'), 'confirm', {
      options: 'delete',
      title: 'Delete card',
      detail: 'This cannot be undone.',
    });
    const params = new URLSearchParams(search);
    expect(params.get('q')).toBe('music');
    expect(parseModalQuery(params)).toEqual({
      component: 'confirm',
      options: 'delete',
      showClose: true,
      showBack: false,
      detail: 'This cannot be undone.',
      title: 'Delete card',
    });
  });
});

describe('removeModalParams', () => {
  it('removes modal, modal_detail and title only', () => {
    const params = removeModalParams(new URLSearchParams('q=a&modal=alert&modal_detail=x&title=y'));
    expect(params.toString()).toBe('q=a');
  });
});
