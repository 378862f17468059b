import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { LOCAL_KEYS } from '@chat/contract';
import { setLocalPref, useLocalPref } from './local-pref';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('useLocalPref', () => {
  it('reads the stored JSON value, else the default (missing, unreadable or of another type)', () => {
    const key = LOCAL_KEYS.LaTeXParsing;
    expect(renderHook(() => useLocalPref(key, true)).result.current).toBe(true);
    localStorage.setItem(key, 'false');
    expect(renderHook(() => useLocalPref(key, true)).result.current).toBe(false);
    localStorage.setItem(key, 'not json');
    expect(renderHook(() => useLocalPref(key, true)).result.current).toBe(true);
    localStorage.setItem(key, '"false"');
    expect(renderHook(() => useLocalPref(key, true)).result.current).toBe(true);
  });

  it('follows setLocalPref in this tab and storage events from others', () => {
    const key = LOCAL_KEYS.LaTeXParsing;
    const { result } = renderHook(() => useLocalPref(key, true));
    act(() => setLocalPref(key, false));
    expect(result.current).toBe(false);
    expect(localStorage.getItem(key)).toBe('false');
    act(() => {
      localStorage.setItem(key, 'true');
      window.dispatchEvent(new StorageEvent('storage', { key }));
    });
    expect(result.current).toBe(true);
  });
});
