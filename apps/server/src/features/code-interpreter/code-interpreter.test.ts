import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '@chat/fake-upstreams';
import {
  isPluginsEvent,
  NO_PARENT,
  type Assistant,
  type FileObject,
  type Plugin,
  type StartupConfig,
} from '@chat/contract';
import { askBody, chatUser, fakeEndpoint, type ChatHarness } from '../../../test/support/chat-harness.js';
import { startTestApp } from '../../../test/support/harness.js';
import { finalOf, postSse } from '../../../test/support/sse-client.js';

let h: ChatHarness;
let ann: Awaited<ReturnType<typeof chatUser>>;

beforeAll(async () => {
  const fake = await startFakeOpenAI();
  // gpt-3.5-turbo-1106 is the assistants' default model.
  const openAI = { ...fakeEndpoint(fake), models: ['gpt-4o-mini', 'gpt-3.5-turbo-1106'] };
  const app = await startTestApp({
    endpoints: [openAI, { ...openAI, name: 'gptPlugins', type: 'gptPlugins' }],
    codeInterpreter: { enabled: true },
  });
  h = {
    ...app,
    fake,
    async close() {
      await app.close();
      await fake.close();
    },
  };
  ann = await chatUser(h, 'Ann', { endpoint: 'gptPlugins', model: 'gpt-4o-mini' });
});
afterAll(async () => h.close());

/** A directive making the fake model call `tool` with `args`, then answer with what it returned. */
const calling = (tool: string, args: unknown) =>
  `Please run this [[fake tool=${tool} args="${JSON.stringify(args).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]]`;

const chatRequests = () =>
  h.fake.requests
    .filter((r) => r.path === '/v1/chat/completions')
    .map((r) => r.body as Record<string, unknown>);

describe('execute_code over HTTP', () => {
  it('is offered in the plugin store, needing no credentials, and told in /api/config', async () => {
    const config = (await (await fetch(`${h.url}/api/config`)).json()) as StartupConfig;
    expect(config.codeInterpreter).toBe(true);
    const plugins = (await (await ann.api('/api/plugins')).json()) as Plugin[];
    expect(plugins.find((p) => p.pluginKey === 'execute_code')).toMatchObject({
      name: 'Code Interpreter',
      authenticated: true,
    });
  });

  it("runs the model's Python on the conversation's file and shows its output and image in the reply", async () => {
    // The image goes with a message on openAI (gptPlugins takes no uploads, as LibreChat's); the
    // conversation then goes on with the plugins, whose code sees it under /mnt/data.
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'red.png');
    form.append('file_id', crypto.randomUUID());
    const uploaded = await fetch(`${h.url}/api/files/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.user.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const file = (await uploaded.json()) as FileObject;
    const first = await postSse(
      `${h.url}/api/ask/openAI`,
      ann.user.token,
      askBody({ text: 'Here is a picture', files: [{ file_id: file.file_id }] }),
    );
    const opened = finalOf(first.events);

    const code = [
      'import os, shutil, sys',
      'print("files:", os.listdir("/mnt/data"))',
      'print("size:", os.path.getsize("/mnt/data/red.png"))',
      'shutil.copy("/mnt/data/red.png", "copy.png")',
      'open("sum.txt", "w").write(str(sum(range(10))))',
      'print("args:", sys.argv[1:])',
    ].join('\n');
    const res = await ann.ask({
      text: calling('execute_code', { lang: 'py', code, args: ['--fast'] }),
      tools: ['execute_code'],
      conversationId: opened.conversation.conversationId,
      parentMessageId: opened.responseMessage.messageId,
    });
    expect(res.status).toBe(200);
    const stdout = `stdout:\nfiles: ['red.png']\nsize: ${png.byteLength}\nargs: ['--fast']\n`;
    const toolMessage = (chatRequests().at(-1)!.messages as { role: string; content: string }[]).at(-1)!;
    expect(toolMessage.role).toBe('tool');
    expect(toolMessage.content).toContain(stdout);
    expect(toolMessage.content).toContain('/mnt/output/sum.txt (2 bytes):\n45');
    expect(toolMessage.content).toContain('/mnt/output/copy.png');
    // The image never goes back to the model.
    expect(toolMessage.content).not.toContain(png.toString('base64'));

    // The fake model answers with the tool's output (quoted as JSON); the image follows it.
    const reply = finalOf(res.events).responseMessage;
    expect(reply.text).toContain(JSON.stringify(stdout).slice(1, -1));
    expect(reply.text.endsWith(`![copy.png](data:image/png;base64,${png.toString('base64')})`)).toBe(true);
    const states = res.events.flatMap((e) => (isPluginsEvent(e.data) ? [e.data.plugins] : []));
    expect(states.at(-1)?.[0]).toMatchObject({ pluginKey: 'execute_code', latest: 'Code Interpreter' });
  }, 120_000);

  it('tells the model the traceback of a failing program', async () => {
    const res = await ann.ask({
      text: calling('execute_code', { lang: 'py', code: 'open("/etc/passwd").read()' }),
      tools: ['execute_code'],
    });
    const told = (chatRequests().at(-1)!.messages as { content: string }[]).at(-1)!.content;
    expect(told).toBe(
      [
        'error:',
        'Traceback (most recent call last):',
        '  File "<exec>", line 1, in <module>',
        "FileNotFoundError: [Errno 44] No such file or directory: '/etc/passwd'",
        '',
      ].join('\n'),
    );
    expect(finalOf(res.events).responseMessage.text).toContain('FileNotFoundError');
  }, 120_000);
});

describe('an assistant with code_interpreter', () => {
  it('is saved with the tool and runs Python through execute_code', async () => {
    const res = await ann.api('/api/assistants', { body: { name: 'Coder', tools: ['code_interpreter'] } });
    expect(res.status, await res.clone().text()).toBe(200);
    const assistant = (await res.json()) as Assistant;
    expect(assistant.tools).toEqual([{ type: 'code_interpreter' }]);
    const again = (await (await ann.api(`/api/assistants/${assistant.id}`)).json()) as Assistant;
    expect(again.tools).toEqual([{ type: 'code_interpreter' }]);

    const chat = await postSse(`${h.url}/api/assistants/chat`, ann.user.token, {
      text: calling('execute_code', { lang: 'py', code: 'print(2 ** 10)' }),
      conversationId: null,
      parentMessageId: NO_PARENT,
      assistant_id: assistant.id,
    });
    expect(chat.status).toBe(200);
    const told = (chatRequests().at(-1)!.messages as { role: string; content: string }[]).at(-1)!;
    expect(told).toMatchObject({ role: 'tool', content: 'stdout:\n1024\n' });
    expect(finalOf(chat.events).responseMessage.text).toContain('1024');
  }, 120_000);
});
