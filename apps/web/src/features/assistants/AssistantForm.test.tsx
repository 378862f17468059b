import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTE_PATHS, ASSISTANT_LIMITS, type Assistant, type RoutePath } from '@chat/contract';
import '../../app/i18n';
import { ApiError } from '../../api/http';
import { callApi } from '../../api/call';
import { AssistantForm, type AssistantFormProps } from './AssistantForm';
import { defaultAssistantModel } from './assistant-form';
import { testAssistant } from '../../test-support/assistant';

vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
const mockedCall = vi.mocked(callApi);

const saved = (over: Partial<Assistant>) => testAssistant(over);

function renderForm(props: Partial<AssistantFormProps> = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={qc}>
      <AssistantForm
        assistant={null}
        models={['gpt-4o-mini', 'gpt-3.5-turbo-1106']}
        plugins={[{ pluginKey: 'calculator', name: 'Calculator' }]}
        onSaved={onSaved}
        onCancel={() => {}}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { onSaved };
}

/** The body of the last create call. */
function lastCreateBody(): unknown {
  const call = mockedCall.mock.calls.find(([route]) => route === API_ROUTE_PATHS.createAssistant);
  return (call?.[1] as { body?: unknown } | undefined)?.body;
}

afterEach(() => {
  cleanup();
  mockedCall.mockReset();
});

describe('defaultAssistantModel', () => {
  it('is gpt-3.5-turbo-1106 when offered, else the first model offered', () => {
    expect(defaultAssistantModel(['gpt-4o', 'gpt-3.5-turbo-1106'])).toBe('gpt-3.5-turbo-1106');
    expect(defaultAssistantModel(['gpt-4o', 'gpt-4.1'])).toBe('gpt-4o');
    expect(defaultAssistantModel([])).toBe('gpt-3.5-turbo-1106');
  });
});

describe('AssistantForm', () => {
  it('starts on the default model, offers only the tools the server runs, and creates with what was typed', async () => {
    mockedCall.mockImplementation(async (route: RoutePath) => {
      if (route === API_ROUTE_PATHS.createAssistant) return saved({ name: 'Helper' });
      throw new Error('unexpected call');
    });
    const { onSaved } = renderForm();
    expect(screen.getByTestId('assistant-model')).toHaveProperty('value', 'gpt-3.5-turbo-1106');
    // No file search here, and no code interpreter on this server: only the installed plugins.
    expect(screen.queryByTestId('assistant-tool-code_interpreter')).toBeNull();
    expect(screen.queryByTestId('assistant-tool-retrieval')).toBeNull();
    expect(screen.queryByText('Code interpreter')).toBeNull();
    expect(screen.queryByText('Retrieval')).toBeNull();
    expect(screen.getByLabelText('Calculator')).toHaveProperty('checked', false);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Helper' } });
    fireEvent.change(screen.getByLabelText('Instructions'), { target: { value: 'Answer in French.' } });
    fireEvent.click(screen.getByLabelText('Calculator'));
    fireEvent.click(screen.getByTestId('assistant-save'));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(lastCreateBody()).toEqual({
      name: 'Helper',
      description: null,
      instructions: 'Answer in French.',
      model: 'gpt-3.5-turbo-1106',
      tools: [{ type: 'function', function: { name: 'calculator' } }],
    });
  });

  it('offers code_interpreter where the server runs it, and keeps it on an assistant that has it', async () => {
    mockedCall.mockImplementation(async (route: RoutePath) => {
      if (route === API_ROUTE_PATHS.createAssistant) return saved({ name: 'Coder' });
      throw new Error('unexpected call');
    });
    const { onSaved } = renderForm({ codeInterpreter: true });
    const box = screen.getByLabelText('Code interpreter (Python, standard library only)');
    expect(box).toHaveProperty('checked', false);
    fireEvent.click(box);
    fireEvent.click(screen.getByTestId('assistant-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect((lastCreateBody() as { tools: unknown }).tools).toEqual([{ type: 'code_interpreter' }]);
    cleanup();

    // Where it no longer runs, an assistant that has it still shows it, checked, to turn it off.
    renderForm({ assistant: saved({ tools: [{ type: 'code_interpreter' }] }) });
    expect(screen.getByTestId('assistant-tool-code_interpreter')).toHaveProperty('checked', true);
  });

  it('a new assistant takes an offered model when the list arrives after the form opened', () => {
    const qc = new QueryClient();
    const form = (models: readonly string[]) => (
      <QueryClientProvider client={qc}>
        <AssistantForm assistant={null} models={models} plugins={[]} onSaved={() => {}} onCancel={() => {}} />
      </QueryClientProvider>
    );
    const { rerender } = render(form([]));
    expect(screen.getByTestId('assistant-model')).toHaveProperty('value', 'gpt-3.5-turbo-1106');
    rerender(form(['gpt-4o-mini', 'gpt-4o']));
    expect(screen.getByTestId('assistant-model')).toHaveProperty('value', 'gpt-4o-mini');
    // A model the person picks stays when the list is sent again.
    fireEvent.change(screen.getByTestId('assistant-model'), { target: { value: 'gpt-4o' } });
    rerender(form(['gpt-4o-mini', 'gpt-4o', 'gpt-4.1']));
    expect(screen.getByTestId('assistant-model')).toHaveProperty('value', 'gpt-4o');
  });

  it('counts characters and refuses to save text over its limit', () => {
    renderForm();
    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'abc' } });
    expect(screen.getByTestId('assistant-name-count').textContent).toBe(
      `3 / ${ASSISTANT_LIMITS.nameMaxChars}`,
    );
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(name, { target: { value: 'x'.repeat(ASSISTANT_LIMITS.nameMaxChars + 1) } });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(
      `At most ${ASSISTANT_LIMITS.nameMaxChars} characters.`,
    );
    expect(screen.getByTestId('assistant-save')).toHaveProperty('disabled', true);

    fireEvent.change(name, { target: { value: 'x'.repeat(ASSISTANT_LIMITS.nameMaxChars) } });
    expect(screen.getByTestId('assistant-save')).toHaveProperty('disabled', false);
  });

  it("says each of the server's reasons once when a save is refused", async () => {
    const reason = 'Function calculator is a plugin you have not installed: install it first';
    mockedCall.mockRejectedValue(
      new ApiError(400, 'validation_error', reason, [{ path: 'tools.0', message: reason }]),
    );
    const { onSaved } = renderForm();
    fireEvent.click(screen.getByLabelText('Calculator'));
    fireEvent.click(screen.getByTestId('assistant-save'));

    const error = await screen.findByTestId('assistant-form-error');
    expect(error.textContent).toContain('The assistant was not saved.');
    expect(error.textContent?.split(reason)).toHaveLength(2);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows the server's message when it names no issue", async () => {
    mockedCall.mockRejectedValue(new ApiError(500, 'internal', 'Something broke'));
    renderForm();
    fireEvent.click(screen.getByTestId('assistant-save'));
    const error = await screen.findByTestId('assistant-form-error');
    expect(error.textContent).toContain('Something broke');
  });

  it('edits an assistant from its saved values and sends only through update, without tools the server cannot run', async () => {
    const a = saved({
      name: 'Old',
      instructions: 'Be brief.',
      model: 'gpt-4o-mini',
      tools: [{ type: 'retrieval' }, { type: 'function', function: { name: 'calculator' } }],
    });
    mockedCall.mockResolvedValue({ ...a, name: 'New' });
    const { onSaved } = renderForm({ assistant: a });
    expect(screen.getByTestId('assistant-model')).toHaveProperty('value', 'gpt-4o-mini');
    expect(screen.getByLabelText('Calculator')).toHaveProperty('checked', true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'New' } });
    fireEvent.click(screen.getByTestId('assistant-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(mockedCall).toHaveBeenCalledWith(API_ROUTE_PATHS.updateAssistant, {
      params: { id: 'asst_1' },
      body: expect.objectContaining({
        name: 'New',
        instructions: 'Be brief.',
        tools: [{ type: 'function', function: { name: 'calculator' } }],
      }),
    });
  });
});
