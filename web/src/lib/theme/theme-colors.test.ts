import { describe, expect, it } from 'vitest';
import indexHtml from '../../../index.html?raw';
import offlineHtml from '../../../public/offline.html?raw';
import themeInitScript from '../../../public/theme-init.js?raw';
import { themeColors } from './theme-colors';

// The static files cannot import themeColors; these checks keep their copies equal to it.
// (styles/theme.css is not checked here: Vitest hands CSS to tests as an empty string.)

function readThemeColorMetas(html: string) {
  const metas = html.matchAll(
    /<meta\s+name="theme-color"\s+content="([^"]+)"\s+media="\(prefers-color-scheme: (light|dark)\)"/g,
  );
  return Object.fromEntries([...metas].map(([, color, scheme]) => [scheme, color]));
}

describe('theme colours', () => {
  it('match the theme-color metas of index.html and offline.html', () => {
    expect(readThemeColorMetas(indexHtml)).toEqual(themeColors);
    expect(readThemeColorMetas(offlineHtml)).toEqual(themeColors);
  });

  it('match the copy in theme-init.js', () => {
    expect(themeInitScript).toContain(`light: '${themeColors.light}', dark: '${themeColors.dark}'`);
  });
});
