import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { API_ROUTE_PATHS, type PromptGroup, type RoutePath, type StartupConfig } from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { ToastProvider } from '../../components/ui/Toast';
import { createSlotRegistry, SlotRegistryProvider } from '../../platform/slots';
import { ChatInput } from '../chat';
import type * as AuthModule from '../auth';
import { promptsSlots } from './slots';

let startup: Partial<StartupConfig> = {};
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: startup }) }));
vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
vi.mock('../auth', async (original) => ({
  ...(await original<typeof AuthModule>()),
  useAuth: () => ({ user: { id: 'u-1', name: 'Ada' } }),
}));
const mockedCall = vi.mocked(callApi);

const group = (name: string, prompt: string, command?: string, oneliner = ''): PromptGroup => ({
  _id: `g-${name}`,
  name,
  ...(command ? { command } : {}),
  oneliner,
  category: '',
  projectIds: [],
  productionId: `p-${name}`,
  productionPrompt: { prompt, type: 'text' },
  author: 'u-1',
  authorName: 'Ada',
  isPublic: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

let groups: PromptGroup[];
let requests: string[];

beforeAll(async () => {
  // The variables form is lazy: fetched once here, so a pick waits for the form, not the module.
  await import('./VariablesDialog');
});

beforeEach(() => {
  startup = { interface: { prompts: true } as StartupConfig['interface'] };
  groups = [
    group('Summarize', 'Summarize this text in three points.', 'sum', 'Short summaries'),
    group(
      'Letter',
      'Dear {{recipient}}, I write on {{current_date}} as {{current_user}} about {{topic:rent|repairs}}. Regards, {{recipient}}',
      'letter',
    ),
    group('Translate to Spanish', 'Translate into Spanish:', 'es'),
  ];
  requests = [];
  mockedCall.mockImplementation(async (route: RoutePath) => {
    requests.push(`${route.method} ${route.path}`);
    if (route === API_ROUTE_PATHS.allPromptGroups) return groups;
    throw new Error(`unexpected call ${route.method} ${route.path}`);
  });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderBox() {
  const send = vi.fn(() => true);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrap = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <SlotRegistryProvider value={createSlotRegistry(promptsSlots)}>{children}</SlotRegistryProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
  render(
    <Wrap>
      <ChatInput
        onSend={send}
        onStop={() => undefined}
        submitting={false}
        showStop={false}
        placeholder="Message"
      />
    </Wrap>,
  );
  const input = screen.getByTestId('chat-input') as HTMLTextAreaElement;
  input.focus();
  return { send, input };
}

const type = (input: HTMLTextAreaElement, value: string) => fireEvent.change(input, { target: { value } });
const key = (input: HTMLTextAreaElement, k: string) => fireEvent.keyDown(input, { key: k });
const optionNames = () =>
  screen.getAllByTestId('prompts-command-option').map((o) => o.querySelector('.font-medium')?.textContent);
const selected = () =>
  screen
    .getAllByTestId('prompts-command-option')
    .find((o) => o.getAttribute('aria-selected') === 'true')
    ?.querySelector('.font-medium')?.textContent;

describe("the message box's / list", () => {
  it('opens on / at the start, finds by command then by name, and picks with the arrows and Enter', async () => {
    const { input, send } = renderBox();
    type(input, 'Hello /sum');
    expect(screen.queryByTestId('prompts-command-list')).toBeNull();
    expect(requests).toEqual([]);

    type(input, '/');
    const list = await screen.findByTestId('prompts-command-list');
    expect(list.getAttribute('role')).toBe('listbox');
    expect(optionNames()).toEqual(['Summarize', 'Letter', 'Translate to Spanish']);
    // The box names the list while it is open.
    expect(input.getAttribute('aria-controls')).toBe(list.id);

    type(input, '/es');
    // The command "es" first, then the names holding "es" (Translate to Spanish is also a name match).
    expect(optionNames()).toEqual(['Translate to Spanish']);
    type(input, '/s');
    expect(optionNames()).toEqual(['Summarize', 'Translate to Spanish']);
    expect(selected()).toBe('Summarize');
    key(input, 'ArrowDown');
    expect(selected()).toBe('Translate to Spanish');
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getAllByTestId('prompts-command-option')[1]!.id,
    );
    key(input, 'ArrowDown');
    expect(selected()).toBe('Summarize');
    key(input, 'ArrowUp');
    key(input, 'Enter');

    expect(input.value).toBe('Translate into Spanish:');
    expect(screen.queryByTestId('prompts-command-list')).toBeNull();
    expect(input.hasAttribute('aria-controls')).toBe(false);
    // Enter picked; it did not send.
    expect(send).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(input);
  });

  it('closes on Escape for that text, and picks with a click', async () => {
    const { input } = renderBox();
    type(input, '/sum');
    await screen.findByTestId('prompts-command-list');
    key(input, 'Escape');
    expect(screen.queryByTestId('prompts-command-list')).toBeNull();
    expect(input.value).toBe('/sum');
    // Typing on opens it again.
    type(input, '/su');
    fireEvent.click(await screen.findByText('Summarize'));
    expect(input.value).toBe('Summarize this text in three points.');
  });

  it("asks for a prompt's variables in a form, fills the specials, then puts the text in the box", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 4, 9, 30)); // a Wednesday
    const { input, send } = renderBox();
    type(input, '/letter');
    await screen.findByTestId('prompts-command-list');
    key(input, 'Enter');

    const dialog = await screen.findByTestId('prompt-variables-dialog');
    const fields = within(dialog).getAllByTestId('prompt-variable');
    // Each variable once, in order; the specials are not asked for.
    expect(fields.map((f) => (f as HTMLInputElement).labels?.[0]?.textContent)).toEqual([
      'recipient',
      'topic',
    ]);
    expect(document.activeElement).toBe(fields[0]);
    const choice = fields[1] as HTMLSelectElement;
    expect([...choice.options].map((o) => o.value)).toEqual(['rent', 'repairs']);

    fireEvent.change(fields[0]!, { target: { value: 'Mr. $& Smith' } });
    fireEvent.change(choice, { target: { value: 'repairs' } });
    fireEvent.click(within(dialog).getByTestId('prompt-variables-submit'));

    await waitFor(() => expect(screen.queryByTestId('prompt-variables-dialog')).toBeNull());
    const filled = 'Dear Mr. $& Smith, I write on 2026-03-04 (3) as Ada about repairs. Regards, Mr. $& Smith';
    expect(input.value).toBe(filled);
    expect(send).not.toHaveBeenCalled();
    // The text is the person's to send.
    fireEvent.click(screen.getByTestId('send-button'));
    expect(send).toHaveBeenCalledWith(filled);
  });

  it('cancelling the form keeps what was typed', async () => {
    const { input } = renderBox();
    type(input, '/letter');
    await screen.findByTestId('prompts-command-list');
    key(input, 'Tab');
    const dialog = await screen.findByTestId('prompt-variables-dialog');
    fireEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('prompt-variables-dialog')).toBeNull());
    expect(input.value).toBe('/letter');
    expect(screen.queryByTestId('prompts-command-list')).toBeNull();
  });

  it('stays away when the interface turns prompts off', async () => {
    startup = { interface: { prompts: false } as StartupConfig['interface'] };
    const { input } = renderBox();
    type(input, '/');
    await Promise.resolve();
    expect(screen.queryByTestId('prompts-command-list')).toBeNull();
    expect(requests).toEqual([]);
  });
});
