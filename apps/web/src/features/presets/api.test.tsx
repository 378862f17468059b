import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { API_ROUTE_PATHS, type Preset, type RoutePath } from '@chat/contract';
import { callApi } from '../../api/call';
import { useDeletePresets, usePresets, useSavePreset } from './api';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
vi.mock('../auth', () => ({ useAuth: () => ({ isAuthenticated: true }) }));
const mockedCall = vi.mocked(callApi);

const preset = (presetId: string, defaultPreset = false, updatedAt = '2026-01-01T00:00:00.000Z'): Preset => ({
  presetId,
  title: presetId,
  user: 'u1',
  endpoint: 'openAI',
  model: 'gpt-4o',
  defaultPreset,
  order: null,
  createdAt: updatedAt,
  updatedAt,
});

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  return renderHook(() => ({ list: usePresets(), save: useSavePreset(), remove: useDeletePresets() }), {
    wrapper,
  });
}

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

describe('presets data', () => {
  it('a delete removes the preset at once, before the server answers', async () => {
    let answer: (v: unknown) => void = () => {};
    mockedCall.mockImplementation(async (route: RoutePath) => {
      if (route === API_ROUTE_PATHS.presets) return [preset('a'), preset('b')];
      if (route === API_ROUTE_PATHS.deletePresets) return new Promise((resolve) => (answer = resolve));
      throw new Error('unexpected');
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.list.data).toHaveLength(2));
    act(() => result.current.remove.mutate('a'));
    await waitFor(() => expect(result.current.list.data?.map((p) => p.presetId)).toEqual(['b']));
    expect(mockedCall).toHaveBeenCalledWith(API_ROUTE_PATHS.deletePresets, { body: { presetId: 'a' } });
    answer({ acknowledged: true, deletedCount: 1 });
    await waitFor(() => expect(result.current.remove.isSuccess).toBe(true));
    expect(result.current.list.data?.map((p) => p.presetId)).toEqual(['b']);
  });

  it('a refused delete fetches the list again, which brings the preset back', async () => {
    let lists = 0;
    mockedCall.mockImplementation(async (route: RoutePath) => {
      if (route === API_ROUTE_PATHS.presets) {
        lists += 1;
        return [preset('a'), preset('b')];
      }
      if (route === API_ROUTE_PATHS.deletePresets) throw new Error('500');
      throw new Error('unexpected');
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.list.data).toHaveLength(2));
    act(() => result.current.remove.mutate('a'));
    await waitFor(() => expect(result.current.remove.isError).toBe(true));
    await waitFor(() => expect(lists).toBe(2));
    await waitFor(() => expect(result.current.list.data?.map((p) => p.presetId)).toEqual(['a', 'b']));
  });

  it('delete all sends no presetId and empties the list', async () => {
    mockedCall.mockImplementation(async (route: RoutePath) => {
      if (route === API_ROUTE_PATHS.presets) return [preset('a'), preset('b')];
      if (route === API_ROUTE_PATHS.deletePresets) return { acknowledged: true, deletedCount: 2 };
      throw new Error('unexpected');
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.list.data).toHaveLength(2));
    act(() => result.current.remove.mutate(null));
    await waitFor(() => expect(result.current.list.data).toEqual([]));
    expect(mockedCall).toHaveBeenCalledWith(API_ROUTE_PATHS.deletePresets, { body: {} });
  });

  it('a saved default replaces the old default in the list', async () => {
    mockedCall.mockImplementation(async (route: RoutePath) => {
      if (route === API_ROUTE_PATHS.presets) return [preset('a', true), preset('b')];
      if (route === API_ROUTE_PATHS.savePreset) return preset('b', true, '2026-02-01T00:00:00.000Z');
      throw new Error('unexpected');
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.list.data).toHaveLength(2));
    await act(() =>
      result.current.save.mutateAsync({ presetId: 'b', endpoint: 'openAI', defaultPreset: true }),
    );
    await waitFor(() =>
      expect(result.current.list.data?.map((p) => [p.presetId, p.defaultPreset])).toEqual([
        ['b', true],
        ['a', false],
      ]),
    );
  });
});
