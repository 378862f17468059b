import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { writeLocalToggle } from '../../../state/local-pref';
import { useUserLabel } from './useUserLabel';

vi.mock('../../../hooks/useTranslation', () => ({ useTranslation: () => ({ t: (k: string) => k }) }));
afterEach(() => localStorage.clear());

describe('useUserLabel (the UsernameDisplay preference)', () => {
  it('labels the person’s messages “You”, for screen readers only, by default', () => {
    const { result } = renderHook(() => useUserLabel('Ann'));
    expect(result.current).toEqual({ label: 'com_chat_you', visible: false });
  });

  it('shows their name once they turn it on, and “You” again when off', () => {
    const { result } = renderHook(() => useUserLabel('Ann'));
    act(() => writeLocalToggle('UsernameDisplay', true));
    expect(result.current).toEqual({ label: 'Ann', visible: true });
    act(() => writeLocalToggle('UsernameDisplay', false));
    expect(result.current.label).toBe('com_chat_you');
  });

  it('falls back to “You” without a name', () => {
    writeLocalToggle('UsernameDisplay', true);
    const { result } = renderHook(() => useUserLabel(undefined));
    expect(result.current.visible).toBe(false);
  });
});
