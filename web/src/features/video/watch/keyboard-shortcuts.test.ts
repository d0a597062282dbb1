import { describe, expect, it } from 'vitest';
import { type KeyPress, readShortcut } from './keyboard-shortcuts';

const press = (key: string, overrides: Partial<KeyPress> = {}): KeyPress => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  targetTag: 'BODY',
  targetRole: null,
  isInDialog: false,
  isEditable: false,
  ...overrides,
});

describe("the player's keyboard shortcuts", () => {
  it('play and pause with Space and K, skip with J and L or the arrows, F for full screen, M for sound', () => {
    expect(readShortcut(press(' '))).toBe('toggle-play');
    expect(readShortcut(press('k'))).toBe('toggle-play');
    expect(readShortcut(press('K'))).toBe('toggle-play');
    expect(readShortcut(press('j'))).toBe('skip-back');
    expect(readShortcut(press('ArrowLeft'))).toBe('skip-back');
    expect(readShortcut(press('l'))).toBe('skip-forward');
    expect(readShortcut(press('ArrowRight'))).toBe('skip-forward');
    expect(readShortcut(press('f'))).toBe('fullscreen');
    expect(readShortcut(press('m'))).toBe('mute');
    expect(readShortcut(press('x'))).toBeNull();
  });

  it("leave the browser's shortcuts, fields and dialogs alone", () => {
    expect(readShortcut(press('f', { ctrlKey: true }))).toBeNull();
    expect(readShortcut(press('l', { metaKey: true }))).toBeNull();
    expect(readShortcut(press('k', { targetTag: 'INPUT' }))).toBeNull();
    expect(readShortcut(press('k', { targetTag: 'TEXTAREA' }))).toBeNull();
    expect(readShortcut(press('m', { targetTag: 'SELECT' }))).toBeNull();
    expect(readShortcut(press('k', { isInDialog: true }))).toBeNull();
    expect(readShortcut(press('k', { targetTag: 'DIV', isEditable: true }))).toBeNull();
  });

  it('let Space press a focused button, and the arrows move a slider or tabs', () => {
    expect(readShortcut(press(' ', { targetTag: 'BUTTON' }))).toBeNull();
    expect(readShortcut(press(' ', { targetTag: 'A' }))).toBeNull();
    expect(readShortcut(press('k', { targetTag: 'BUTTON' }))).toBe('toggle-play');
    expect(readShortcut(press('ArrowLeft', { targetTag: 'DIV', targetRole: 'slider' }))).toBeNull();
    expect(readShortcut(press('ArrowRight', { targetTag: 'BUTTON', targetRole: 'tab' }))).toBeNull();
    expect(readShortcut(press('ArrowRight', { targetTag: 'BUTTON' }))).toBe('skip-forward');
  });
});
