import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  API_ROUTE_PATHS,
  PROMPTS_GLOBAL_PROJECT_ID,
  type Prompt,
  type PromptGroup,
  type RoutePath,
  type StartupConfig,
} from '@chat/contract';
import '../../app/i18n';
import { callApi } from '../../api/call';
import { ToastProvider } from '../../components/ui/Toast';
import { createSlotRegistry, Slot, SlotRegistryProvider } from '../../platform/slots';
import type * as AuthModule from '../auth';
import { promptsSlots } from './slots';

let startup: Partial<StartupConfig> = {};
vi.mock('../../api/config', () => ({ useStartupConfig: () => ({ data: startup }) }));
vi.mock('../../api/call', () => ({ callApi: vi.fn() }));
vi.mock('../auth', async (original) => ({
  ...(await original<typeof AuthModule>()),
  useAuth: () => ({ user: { id: 'me', name: 'Ada' } }),
}));
const mockedCall = vi.mocked(callApi);

const at = '2026-01-01T00:00:00.000Z';
let groups: PromptGroup[];
let versions: Map<string, Prompt[]>;
let requests: { route: string; params?: Record<string, string>; query?: unknown; body?: unknown }[];

function makeGroup(id: string, name: string, author: string, text: string, shared = false): PromptGroup {
  return {
    _id: id,
    name,
    oneliner: '',
    category: '',
    projectIds: shared ? [PROMPTS_GLOBAL_PROJECT_ID] : [],
    productionId: `${id}-v1`,
    productionPrompt: { prompt: text, type: 'text' },
    author,
    authorName: author === 'me' ? 'Ada' : 'Bob',
    isPublic: shared,
    createdAt: at,
    updatedAt: at,
  };
}
const version = (groupId: string, n: number, prompt: string): Prompt => ({
  _id: `${groupId}-v${n}`,
  groupId,
  author: 'me',
  prompt,
  type: 'text',
  createdAt: at,
  updatedAt: at,
});

beforeAll(async () => {
  await import('./PromptsDialog');
});

beforeEach(() => {
  startup = { interface: { prompts: true } as StartupConfig['interface'] };
  groups = [
    makeGroup('g1', 'Mine', 'me', 'First text'),
    makeGroup('g2', "Bob's", 'bob', 'Shared text', true),
  ];
  versions = new Map([
    ['g1', [version('g1', 1, 'First text')]],
    ['g2', [version('g2', 1, 'Shared text')]],
  ]);
  requests = [];
  mockedCall.mockImplementation(async (route: RoutePath, input: unknown) => {
    const { params, query, body } = input as {
      params?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: Record<string, unknown>;
    };
    requests.push({ route: `${route.method} ${route.path}`, params, query, body });
    if (route === API_ROUTE_PATHS.promptGroups)
      return { promptGroups: groups, pageNumber: '1', pageSize: '20', pages: '1' };
    if (route === API_ROUTE_PATHS.promptGroup) return groups.find((g) => g._id === params!.groupId);
    if (route === API_ROUTE_PATHS.prompts) return versions.get(String(query!.groupId)) ?? [];
    if (route === API_ROUTE_PATHS.createPrompt) {
      const b = body as { prompt: { prompt: string; groupId?: string }; group?: { name: string } };
      if (b.group) {
        const made = makeGroup('g3', b.group.name, 'me', b.prompt.prompt);
        groups.unshift(made);
        versions.set('g3', [version('g3', 1, b.prompt.prompt)]);
        return { prompt: versions.get('g3')![0], group: made };
      }
      const list = versions.get(b.prompt.groupId!)!;
      const v = version(b.prompt.groupId!, list.length + 1, b.prompt.prompt);
      list.unshift(v);
      return { prompt: v };
    }
    if (route === API_ROUTE_PATHS.updatePromptGroup) {
      const g = groups.find((x) => x._id === params!.groupId)!;
      const b = body as { projectIds?: string[]; removeProjectIds?: string[] };
      if (b.projectIds) Object.assign(g, { isPublic: true, projectIds: b.projectIds });
      if (b.removeProjectIds) Object.assign(g, { isPublic: false, projectIds: [] });
      return g;
    }
    if (route === API_ROUTE_PATHS.makePromptProduction) {
      const id = params!.promptId!;
      const g = groups.find((x) => id.startsWith(x._id))!;
      const v = versions.get(g._id)!.find((x) => x._id === id)!;
      Object.assign(g, { productionId: id, productionPrompt: { prompt: v.prompt, type: v.type } });
      return { message: 'ok' };
    }
    if (route === API_ROUTE_PATHS.importPrompts) {
      const b = body as { group: { name: string }; prompts: { prompt: string }[] };
      const made = makeGroup('g4', b.group.name, 'me', b.prompts[0]!.prompt);
      groups.unshift(made);
      versions.set('g4', [version('g4', 1, b.prompts[0]!.prompt)]);
      return { group: made, prompts: versions.get('g4') };
    }
    throw new Error(`unexpected call ${route.method} ${route.path}`);
  });
});

afterEach(cleanup);

/** A Blob's text (jsdom's Blob has no text()). */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

function openLibrary() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <SlotRegistryProvider value={createSlotRegistry(promptsSlots)}>{children}</SlotRegistryProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
  render(wrap(<Slot name="sidebar.filters" />));
  fireEvent.click(screen.getByTestId('prompts-open'));
}

const calls = (route: RoutePath) => requests.filter((r) => r.route === `${route.method} ${route.path}`);

describe('the prompt library', () => {
  it('lists the groups, creates one, adds a version and makes it production', async () => {
    openLibrary();
    const dialog = await screen.findByTestId('prompts-dialog');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByTestId('prompt-row-name')
          .map((n) => n.textContent),
      ).toEqual(['Mine', "Bob's"]),
    );

    fireEvent.click(within(dialog).getByTestId('prompts-new'));
    expect(document.activeElement).toBe(within(dialog).getByTestId('prompt-name'));
    // Checked before sending: a name, a command of lowercase letters, digits and hyphens, a text.
    fireEvent.click(within(dialog).getByTestId('prompt-create'));
    expect(within(dialog).getByText('Prompt name is required')).toBeTruthy();
    expect(within(dialog).getByText('Prompt text is required')).toBeTruthy();
    expect(calls(API_ROUTE_PATHS.createPrompt)).toEqual([]);

    fireEvent.change(within(dialog).getByTestId('prompt-name'), { target: { value: 'Review' } });
    fireEvent.change(within(dialog).getByTestId('prompt-command'), { target: { value: 'Code Review' } });
    expect((within(dialog).getByTestId('prompt-command') as HTMLInputElement).value).toBe('code-review');
    fireEvent.change(within(dialog).getByTestId('prompt-category'), { target: { value: 'code' } });
    fireEvent.change(within(dialog).getByTestId('prompt-text'), { target: { value: 'Review {{file}}' } });
    fireEvent.click(within(dialog).getByTestId('prompt-create'));

    await waitFor(() => expect(within(dialog).getAllByTestId('prompt-version')).toHaveLength(1));
    expect(calls(API_ROUTE_PATHS.createPrompt)[0]?.body).toEqual({
      prompt: { prompt: 'Review {{file}}', type: 'text' },
      group: { name: 'Review', category: 'code', oneliner: '', command: 'code-review' },
    });
    expect(within(dialog).getByTestId('prompt-version').hasAttribute('data-production')).toBe(true);

    fireEvent.change(within(dialog).getByTestId('prompt-version-text'), {
      target: { value: 'Review {{file}} again' },
    });
    fireEvent.click(within(dialog).getByTestId('prompt-save-version'));
    await waitFor(() => expect(within(dialog).getAllByTestId('prompt-version')).toHaveLength(2));
    fireEvent.click(within(dialog).getByTestId('prompt-make-production'));
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('prompt-version')[0]!.hasAttribute('data-production')).toBe(true),
    );
    expect(calls(API_ROUTE_PATHS.makePromptProduction)[0]?.params).toEqual({ promptId: 'g3-v2' });

    // Shared with everyone through LibreChat's global project.
    fireEvent.click(within(dialog).getByTestId('prompt-share'));
    await waitFor(() => expect(calls(API_ROUTE_PATHS.updatePromptGroup)).toHaveLength(1));
    expect(calls(API_ROUTE_PATHS.updatePromptGroup)[0]?.body).toEqual({
      projectIds: [PROMPTS_GLOBAL_PROJECT_ID],
    });
  });

  it("shows someone else's shared group read-only", async () => {
    openLibrary();
    const dialog = await screen.findByTestId('prompts-dialog');
    fireEvent.click(await within(dialog).findByText("Bob's"));
    await within(dialog).findByText('Shared text', { selector: 'p' });
    expect(within(dialog).getByText(/By Bob/)).toBeTruthy();
    expect(within(dialog).queryByTestId('prompt-group-form')).toBeNull();
    expect(within(dialog).queryByTestId('prompt-make-production')).toBeNull();
    expect(within(dialog).queryByTestId('prompt-version-text')).toBeNull();
    expect(within(dialog).queryByTestId('prompt-delete')).toBeNull();
    expect(within(dialog).getByTestId('prompt-export')).toBeTruthy();
  });

  it('hides the sharing switch and the new group where the operator allows neither', async () => {
    startup = { interface: { prompts: { create: false, public: false } } as StartupConfig['interface'] };
    openLibrary();
    const dialog = await screen.findByTestId('prompts-dialog');
    expect(within(dialog).queryByTestId('prompts-new')).toBeNull();
    fireEvent.click(await within(dialog).findByText('Mine'));
    await within(dialog).findByTestId('prompt-group-form');
    expect(within(dialog).queryByTestId('prompt-share')).toBeNull();
  });

  it('exports a group as a file an import reads back, and refuses a file that is not one', async () => {
    versions.set('g1', [version('g1', 2, 'Second text'), version('g1', 1, 'First text')]);
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:prompt';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    openLibrary();
    const dialog = await screen.findByTestId('prompts-dialog');
    fireEvent.click(await within(dialog).findByText('Mine'));
    fireEvent.click(await within(dialog).findByTestId('prompt-export'));
    expect(clicked).toHaveBeenCalledTimes(1);
    const file = JSON.parse(await readBlob(saved!)) as unknown;
    // Oldest version first, the production one marked; no ids, owner or sharing.
    expect(file).toEqual({
      version: 1,
      group: { name: 'Mine', category: '', oneliner: '', command: null },
      prompts: [
        { prompt: 'First text', type: 'text', production: true },
        { prompt: 'Second text', type: 'text' },
      ],
    });
    clicked.mockRestore();

    fireEvent.click(within(dialog).getByTestId('prompt-back'));
    const input = await within(dialog).findByTestId('prompts-import-file');
    const choose = (text: string) => {
      const chosen = new File([text], 'prompt.json', { type: 'application/json' });
      Object.defineProperty(chosen, 'text', { value: () => Promise.resolve(text) });
      fireEvent.change(input, { target: { files: [chosen] } });
    };
    choose('{"not": "a prompt"}');
    await screen.findByText('This file is not an exported prompt');
    expect(calls(API_ROUTE_PATHS.importPrompts)).toEqual([]);

    choose(JSON.stringify({ ...(file as object), group: { name: 'Mine again' } }));
    await within(dialog).findByTestId('prompt-group-form');
    expect(calls(API_ROUTE_PATHS.importPrompts)[0]?.body).toMatchObject({
      version: 1,
      group: { name: 'Mine again' },
      prompts: [{ prompt: 'First text', production: true }, { prompt: 'Second text' }],
    });
    expect(screen.getByText('Prompt imported')).toBeTruthy();
  });
});
