import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTE_PATHS } from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { AssistantPanel } from './AssistantPanel';
import { testAssistant } from '../../test-support/assistant';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

const assistant = (id: string, name: string) => testAssistant({ id, name });
const LIST = [assistant('asst_a', 'Alpha'), assistant('asst_b', 'Beta')];

function renderPanel(selectedId: string | null) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onSelect = vi.fn();
  render(
    <QueryClientProvider client={qc}>
      <AssistantPanel
        assistants={LIST}
        loading={false}
        selectedId={selectedId}
        onSelect={onSelect}
        models={['gpt-3.5-turbo-1106']}
        installedPlugins={[]}
      />
    </QueryClientProvider>,
  );
  return { onSelect };
}

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

describe('AssistantPanel', () => {
  it("selects among the person's assistants by their names", () => {
    const { onSelect } = renderPanel('asst_a');
    const select = screen.getByLabelText('Assistant');
    expect(select).toHaveProperty('value', 'asst_a');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Alpha', 'Beta']);
    fireEvent.change(select, { target: { value: 'asst_b' } });
    expect(onSelect).toHaveBeenCalledWith('asst_b');
  });

  it('deletes the selected assistant only once confirmed', async () => {
    mockedCall.mockResolvedValue({ id: 'asst_a', object: 'assistant.deleted', deleted: true });
    const { onSelect } = renderPanel('asst_a');
    fireEvent.click(screen.getByTestId('assistant-delete'));
    const dialog = screen.getByRole('dialog', { name: 'Delete assistant?' });
    expect(dialog.textContent).toContain('Alpha');
    expect(mockedCall).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('assistant-delete-confirm'));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(null));
    expect(mockedCall).toHaveBeenCalledWith(API_ROUTE_PATHS.deleteAssistant, { params: { id: 'asst_a' } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the form to create one, with the default model', () => {
    renderPanel(null);
    fireEvent.click(screen.getByTestId('assistant-create'));
    expect(screen.getByRole('heading', { name: 'Create assistant' })).toBeTruthy();
    expect(screen.getByTestId('assistant-model')).toHaveProperty('value', 'gpt-3.5-turbo-1106');
  });
});
