import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { API_ROUTE_PATHS, type Assistant, type AssistantList, type RoutePath } from '@chat/contract';
import { callApi } from './call';
import { useAssistants, useCreateAssistant, useDeleteAssistant, useUpdateAssistant } from './assistants';
import { testAssistant } from '../test-support/assistant';

vi.mock('./call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

const assistant = (id: string, name: string) => testAssistant({ id, name });
const listOf = (data: Assistant[]): AssistantList => ({
  object: 'list',
  data,
  first_id: data[0]?.id ?? null,
  last_id: data.at(-1)?.id ?? null,
  has_more: false,
});

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => ({
      list: useAssistants(),
      create: useCreateAssistant(),
      update: useUpdateAssistant(),
      remove: useDeleteAssistant(),
    }),
    { wrapper },
  );
}

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

describe('assistants data', () => {
  it('lists oldest first, and keeps the list in step with create, update and delete', async () => {
    const one = assistant('asst_1', 'One');
    mockedCall.mockImplementation(async (route: RoutePath) => {
      if (route === API_ROUTE_PATHS.listAssistants) return listOf([one]);
      if (route === API_ROUTE_PATHS.createAssistant) return assistant('asst_2', 'Two');
      if (route === API_ROUTE_PATHS.updateAssistant) return { ...one, name: 'Uno' };
      if (route === API_ROUTE_PATHS.deleteAssistant)
        return { id: 'asst_1', object: 'assistant.deleted', deleted: true };
      throw new Error('unexpected route');
    });
    const { result } = setup();
    await waitFor(() => expect(result.current.list.data?.map((a) => a.name)).toEqual(['One']));
    expect(mockedCall).toHaveBeenCalledWith(API_ROUTE_PATHS.listAssistants, { query: { limit: 100 } });

    await act(() => result.current.create.mutateAsync({ name: 'Two' }));
    await waitFor(() => expect(result.current.list.data?.map((a) => a.name)).toEqual(['One', 'Two']));
    await act(() => result.current.update.mutateAsync({ id: 'asst_1', body: { name: 'Uno' } }));
    await waitFor(() => expect(result.current.list.data?.map((a) => a.name)).toEqual(['Uno', 'Two']));
    await act(() => result.current.remove.mutateAsync('asst_1'));
    await waitFor(() => expect(result.current.list.data?.map((a) => a.id)).toEqual(['asst_2']));
  });
});
