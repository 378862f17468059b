import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { PRESET_LIMITS, type Preset } from '@chat/contract';
import '../../app/i18n';
import { ToastProvider } from '../../components/ui/Toast';
import type { ApplyPreset } from './types';
import { usePresetDialogs } from './usePresetDialogs';

const preset = (over: Partial<Preset>): Preset =>
  ({ presetId: 'p1', title: 'Writer', endpoint: 'openAI', model: 'gpt-4o', ...over }) as Preset;

function setup(onApply: ApplyPreset) {
  const wrapper = ({ children }: { children: ReactNode }) => <ToastProvider>{children}</ToastProvider>;
  return renderHook(
    () =>
      usePresetDialogs({
        current: null,
        onApply,
        endpointLabel: (e) => (e === 'openAI' ? 'OpenAI' : e),
        modelLabel: (_e, m) => m,
        paramLabel: (k) => k,
      }),
    { wrapper },
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('usePresetDialogs().apply', () => {
  it('says the preset was selected, for a short while, when its model is in use', () => {
    vi.useFakeTimers();
    const { result } = setup(() => ({ model: 'gpt-4o' }));
    act(() => result.current.apply(preset({})));
    expect(screen.getByTestId('toast').textContent).toBe('Preset "Writer" selected');
    act(() => vi.advanceTimersByTime(PRESET_LIMITS.selectToastMs));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('says so when the endpoint lacks the preset’s model and another one is used', () => {
    const { result } = setup(() => ({ model: 'gpt-4o-mini' }));
    act(() => result.current.apply(preset({ model: 'gpt-3-retired' })));
    const toast = screen.getByTestId('toast');
    expect(toast.textContent).toBe(
      'Preset "Writer" selected. OpenAI does not offer its model gpt-3-retired, so gpt-4o-mini is used instead.',
    );
    expect(toast.getAttribute('data-severity')).toBe('warning');
  });

  it('says when the preset’s endpoint is not offered', () => {
    const { result } = setup(() => null);
    act(() => result.current.apply(preset({})));
    expect(screen.getByTestId('toast').textContent).toBe("This preset's endpoint (OpenAI) is not available.");
  });
});
