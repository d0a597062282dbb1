import { describe, expect, it } from 'vitest';
import { buildFindCreatorsPath, parseFindCreatorsQuery } from './find-creators-query';

describe('the /find-creators/:query segment', () => {
  it("treats the spec's q=nothing, an empty segment and blanks as no search", () => {
    expect(parseFindCreatorsQuery('q=nothing')).toBe('');
    expect(parseFindCreatorsQuery(undefined)).toBe('');
    expect(parseFindCreatorsQuery('q=  ')).toBe('');
  });

  it('reads the search after q=, or the whole segment without it', () => {
    expect(parseFindCreatorsQuery('q=natasha tembo')).toBe('natasha tembo');
    expect(parseFindCreatorsQuery('podcaster')).toBe('podcaster');
  });

  it('builds a path that reads back as the same search', () => {
    expect(buildFindCreatorsPath('')).toBe('/find-creators/q=nothing');
    const path = buildFindCreatorsPath(' r&b / soul ');
    expect(parseFindCreatorsQuery(decodeURIComponent(path.slice('/find-creators/'.length)))).toBe(
      'r&b / soul',
    );
  });
});
