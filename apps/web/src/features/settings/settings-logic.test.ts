import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { LOCAL_KEYS, UPLOAD_LIMITS } from '@chat/contract';
import { readLocalToggle, useLocalPref, writeLocalToggle } from '../../state/local-pref';
import { avatarFileProblem, avatarForm } from './avatar';
import {
  DELETE_WIZARD_START,
  deleteBody,
  deleteWizard,
  reasonButton,
  type DeleteWizardEvent,
} from './delete-wizard';
import { storedLanguageChoice } from '../../state/language';
import { nextTabIndex } from './tab-keys';

afterEach(() => localStorage.clear());

describe('nextTabIndex', () => {
  it('steps with the arrows of either axis and wraps', () => {
    expect(nextTabIndex('ArrowDown', 0, 4)).toBe(1);
    expect(nextTabIndex('ArrowRight', 3, 4)).toBe(0);
    expect(nextTabIndex('ArrowUp', 0, 4)).toBe(3);
    expect(nextTabIndex('ArrowLeft', 2, 4)).toBe(1);
  });
  it('jumps with Home and End, mirrors left and right in RTL, ignores other keys', () => {
    expect(nextTabIndex('Home', 2, 4)).toBe(0);
    expect(nextTabIndex('End', 0, 4)).toBe(3);
    expect(nextTabIndex('ArrowLeft', 2, 4, true)).toBe(3);
    expect(nextTabIndex('ArrowRight', 2, 4, true)).toBe(1);
    expect(nextTabIndex('Enter', 1, 4)).toBeNull();
    expect(nextTabIndex('a', 1, 4)).toBeNull();
  });
});

describe('the delete-account wizard', () => {
  const run = (...events: DeleteWizardEvent[]) => events.reduce(deleteWizard, DELETE_WIZARD_START);

  it('goes confirm → reason → final warning, and back keeps the reason', () => {
    expect(run({ type: 'continue' }).step).toBe(2);
    const final = run({ type: 'continue' }, { type: 'reason', value: 'Too slow' }, { type: 'continue' });
    expect(final).toEqual({ step: 3, reason: 'Too slow' });
    expect(deleteWizard(final, { type: 'back' })).toEqual({ step: 2, reason: 'Too slow' });
    // Never past either end.
    expect(deleteWizard(final, { type: 'continue' }).step).toBe(3);
    expect(run({ type: 'back' }).step).toBe(1);
    expect(deleteWizard(final, { type: 'reset' })).toEqual(DELETE_WIZARD_START);
  });

  it('offers submit once a reason is typed, skip otherwise; sends the trimmed reason or none', () => {
    expect(reasonButton('')).toBe('skip');
    expect(reasonButton('   ')).toBe('skip');
    expect(reasonButton(' x ')).toBe('submit');
    expect(deleteBody('  Found another app ')).toEqual({ reason: 'Found another app' });
    expect(deleteBody(' ')).toEqual({});
  });
});

describe('avatar files', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });
  it('takes a .png or .jpg image of at most 2 MB', () => {
    expect(avatarFileProblem(file('me.png', 'image/png', 1000))).toBeNull();
    expect(avatarFileProblem(file('me.JPG', 'image/jpeg', UPLOAD_LIMITS.avatarMaxBytes))).toBeNull();
    expect(avatarFileProblem(file('me.jpeg', 'image/jpeg', 10))).toBeNull();
  });
  it('refuses other types, a mismatched name, an empty file and anything over 2 MB', () => {
    for (const f of [
      file('me.webp', 'image/webp', 10),
      file('me.gif', 'image/gif', 10),
      file('me.png', 'text/plain', 10),
      file('me.txt', 'image/png', 10),
      file('me.png', 'image/png', 0),
      file('me.png', 'image/png', UPLOAD_LIMITS.avatarMaxBytes + 1),
    ]) {
      expect(avatarFileProblem(f), f.name + f.type + f.size).toBe('com_nav_avatar_invalid');
    }
  });
  it('sends the file as `input` with manual=true', () => {
    const form = avatarForm(new Blob(['x'], { type: 'image/png' }), 'me.png');
    expect((form.get('input') as File).name).toBe('me.png');
    expect(form.get('manual')).toBe('true');
  });
});

describe('local preferences', () => {
  it('default to the spec (LaTeX parsing on) and to the chat as it was: auto-scroll and modular chat on, username display off', () => {
    expect(readLocalToggle('LaTeXParsing')).toBe(true);
    expect(readLocalToggle('autoScroll')).toBe(true);
    expect(readLocalToggle('modularChat')).toBe(true);
    expect(readLocalToggle('UsernameDisplay')).toBe(false);
  });

  it('are stored as "true"/"false" under their LOCAL_KEYS name and re-render their readers', () => {
    const { result } = renderHook(() => useLocalPref('LaTeXParsing'));
    expect(result.current[0]).toBe(true);
    act(() => result.current[1](false));
    expect(result.current[0]).toBe(false);
    expect(localStorage.getItem(LOCAL_KEYS.LaTeXParsing)).toBe('false');
    // Another writer (another component, or another tab through the storage event).
    act(() => writeLocalToggle('LaTeXParsing', true));
    expect(result.current[0]).toBe(true);
    act(() => {
      localStorage.setItem(LOCAL_KEYS.LaTeXParsing, 'false');
      window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_KEYS.LaTeXParsing }));
    });
    expect(result.current[0]).toBe(false);
  });

  it('ignore a stored value that is not a boolean', () => {
    localStorage.setItem(LOCAL_KEYS.UsernameDisplay, 'yes');
    expect(readLocalToggle('UsernameDisplay')).toBe(false);
  });

  it('keep the language choice, auto unless a known language was chosen', () => {
    expect(storedLanguageChoice()).toBe('auto');
    localStorage.setItem(LOCAL_KEYS.lang, 'ja-JP');
    expect(storedLanguageChoice()).toBe('ja-JP');
    localStorage.setItem(LOCAL_KEYS.lang, 'xx-XX');
    expect(storedLanguageChoice()).toBe('auto');
  });
});
