import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MCP_LIMITS } from '@chat/contract';
import {
  startSseMcp,
  startStreamableMcp,
  type FixtureHttpServer,
} from '../../../test/fixtures/mcp/http-servers.js';
import { createMcpManager, type McpManager } from './manager.js';
import type { McpServerConfig, McpStdioServer } from './yaml.js';

const log = Fastify({ logger: { level: 'silent' } }).log;
const STDIO_FIXTURE = fileURLToPath(new URL('../../../test/fixtures/mcp/stdio-server.ts', import.meta.url));
const EVERYTHING = fileURLToPath(
  import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js'),
);
const signal = () => new AbortController().signal;
/** Ann's call context, with a signal of its own each time (as each reply's call has). */
const ann = {
  userId: 'user-ann',
  get signal() {
    return signal();
  },
};

const base = { startup: true, timeoutMs: MCP_LIMITS.defaultTimeoutMs, initTimeoutMs: 20_000 };
const stdio = (over: Partial<McpStdioServer> = {}): McpStdioServer => ({
  ...base,
  name: 'files',
  type: 'stdio',
  command: process.execPath,
  args: ['--import', 'tsx', STDIO_FIXTURE],
  env: { FIXTURE_SECRET: 'child-only-value' },
  stderr: 'ignore',
  ...over,
});

/** Whether a process of this id runs. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A scheduler the test fires by hand: the waits before reconnecting, recorded. */
function manualSchedule() {
  const waits: { ms: number; run: () => void; cancelled: boolean }[] = [];
  return {
    waits,
    schedule(run: () => void, ms: number) {
      const w = { ms, run, cancelled: false };
      waits.push(w);
      return { cancel: () => void (w.cancelled = true) };
    },
  };
}

let managers: McpManager[] = [];
const manager = (servers: McpServerConfig[], schedule?: ReturnType<typeof manualSchedule>) => {
  const m = createMcpManager({
    servers,
    log,
    ...(schedule ? { schedule: schedule.schedule.bind(schedule) } : {}),
  });
  managers.push(m);
  return m;
};
afterEach(async () => {
  await Promise.all(managers.map((m) => m.close()));
  managers = [];
});

// Each child starts through tsx: a loaded machine may take seconds per start.
describe('a stdio server (a child process)', { timeout: 60_000 }, () => {
  it('is started, its tools listed under LibreChat’s keys, and called', async () => {
    const m = manager([stdio()]);
    await m.discover('user-ann');
    const keys = m.tools().map((t) => t.key);
    expect(keys).toEqual(expect.arrayContaining(['echo_mcp_files', 'add_mcp_files', 'crash_mcp_files']));
    const echo = m.tools().find((t) => t.key === 'echo_mcp_files')!;
    expect(echo).toMatchObject({
      name: 'echo',
      server: 'files',
      title: 'Echo',
      description: 'Says the text back',
    });
    expect(echo.parameters).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } });

    expect(await m.call('files', 'echo', { text: 'hi' }, ann)).toEqual({
      text: '[stdio] echo: hi',
      isError: false,
    });
    expect(await m.call('files', 'add', { a: 2, b: 40 }, ann)).toEqual({ text: '42', isError: false });
    // The configured env reaches the child (and only the child: it is nowhere in what is listed).
    expect((await m.call('files', 'env', { name: 'FIXTURE_SECRET' }, ann)).text).toBe('child-only-value');
    expect(JSON.stringify(m.tools())).not.toContain('child-only-value');
    // The server's own failure is a result marked as an error.
    expect(await m.call('files', 'fail', {}, ann)).toEqual({
      text: 'the fixture failed on purpose',
      isError: true,
    });
    await expect(m.call('nowhere', 'echo', {}, ann)).rejects.toThrow('There is no MCP server named nowhere');
  });

  it('is restarted after a crash: on the scheduled retry, with a wait that doubles', async () => {
    const clock = manualSchedule();
    const m = manager([stdio()], clock);
    m.start();
    await vi.waitFor(() => expect(m.pidOf('files')).not.toBeNull(), { timeout: 20_000 });
    const first = m.pidOf('files')!;

    await expect(m.call('files', 'crash', {}, ann)).rejects.toThrow();
    await vi.waitFor(() => expect(alive(first)).toBe(false), { timeout: 20_000 });
    await vi.waitFor(() => expect(clock.waits).toHaveLength(1), { timeout: 20_000 });
    expect(clock.waits[0]!.ms).toBe(MCP_LIMITS.firstBackoffMs);
    expect(m.pidOf('files')).toBeNull();

    clock.waits[0]!.run();
    await vi.waitFor(() => expect(m.pidOf('files')).not.toBeNull(), { timeout: 20_000 });
    const second = m.pidOf('files')!;
    expect(second).not.toBe(first);
    expect((await m.call('files', 'pid', {}, ann)).text).toBe(String(second));
  });

  it('reconnects on the next call when the retry has not come yet', async () => {
    const clock = manualSchedule();
    const m = manager([stdio()], clock);
    await m.discover('user-ann');
    const first = m.pidOf('files')!;
    await expect(m.call('files', 'crash', {}, ann)).rejects.toThrow();
    await vi.waitFor(() => expect(clock.waits).toHaveLength(1), { timeout: 20_000 });
    expect(await m.call('files', 'echo', { text: 'back' }, ann)).toEqual({
      text: '[stdio] echo: back',
      isError: false,
    });
    expect(m.pidOf('files')).not.toBe(first);
    // The wait still pending was cancelled by the connection made meanwhile.
    expect(clock.waits[0]!.cancelled).toBe(true);
  });

  it('a slow tool fails at the server’s timeout, and the server goes on answering', async () => {
    const m = manager([stdio({ timeoutMs: 300 })]);
    await expect(m.call('files', 'slow', { ms: 60_000 }, ann)).rejects.toThrow(/timed out/i);
    expect((await m.call('files', 'echo', { text: 'still here' }, ann)).text).toBe(
      '[stdio] echo: still here',
    );
  });

  it('a server that cannot start is retried later and never crashes the app', async () => {
    const clock = manualSchedule();
    const m = manager([stdio({ command: '/nonexistent/mcp-server' })], clock);
    m.start();
    await vi.waitFor(() => expect(clock.waits).toHaveLength(1), { timeout: 20_000 });
    // Listing the store meanwhile does not try it again: its retry is pending.
    await m.discover('user-ann');
    expect(clock.waits).toHaveLength(1);
    expect(clock.waits[0]!.cancelled).toBe(false);
    clock.waits[0]!.run();
    await vi.waitFor(() => expect(clock.waits).toHaveLength(2), { timeout: 20_000 });
    expect(clock.waits.map((w) => w.ms)).toEqual([MCP_LIMITS.firstBackoffMs, MCP_LIMITS.firstBackoffMs * 2]);
    // What the model and the person read names the server, not the command.
    await expect(m.call('files', 'echo', { text: 'x' }, ann)).rejects.toThrow(
      /^The MCP server files could not be reached$/,
    );
    expect(m.tools()).toEqual([]);
  });

  it('close ends the child: no orphan process', async () => {
    const m = manager([stdio()]);
    await m.discover('user-ann');
    const pid = m.pidOf('files')!;
    expect(alive(pid)).toBe(true);
    await m.close();
    await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 20_000 });
    await expect(m.call('files', 'echo', { text: 'x' }, ann)).rejects.toThrow();
  });

  it('runs the SDK’s reference server (server-everything)', async () => {
    const m = manager([
      stdio({ name: 'everything', command: process.execPath, args: [EVERYTHING, 'stdio'], env: {} }),
    ]);
    await m.discover('user-ann');
    expect(m.tools().map((t) => t.key)).toEqual(
      expect.arrayContaining(['echo_mcp_everything', 'get-sum_mcp_everything']),
    );
    expect(await m.call('everything', 'get-sum', { a: 3, b: 4 }, ann)).toMatchObject({
      text: expect.stringContaining('7'),
    });
    expect((await m.call('everything', 'echo', { message: 'ping' }, ann)).text).toBe('Echo: ping');
  });
});

describe('HTTP servers', () => {
  let http: FixtureHttpServer;
  let sse: FixtureHttpServer;
  beforeAll(async () => {
    http = await startStreamableMcp();
    sse = await startSseMcp();
  });
  afterAll(async () => {
    await http.close();
    await sse.close();
  });

  it('streamable HTTP: headers sent with the user’s placeholders filled, one connection per user', async () => {
    const m = manager([
      {
        ...base,
        name: 'web',
        type: 'streamable-http',
        url: http.url,
        headers: { 'x-user': '{{LIBRECHAT_USER_ID}}', authorization: 'Bearer server-token' },
      },
    ]);
    m.start(); // a user-scoped server waits for its user
    expect(m.tools()).toEqual([]);
    await m.discover('user-ann');
    expect(m.tools().map((t) => t.key)).toContain('whoami_mcp_web');
    expect((await m.call('web', 'whoami', {}, ann)).text).toBe('user-ann');
    expect((await m.call('web', 'whoami', {}, { userId: 'user-ben', signal: signal() })).text).toBe(
      'user-ben',
    );
    expect(http.headers.at(-1)).toMatchObject({ authorization: 'Bearer server-token', 'x-user': 'user-ben' });
    expect((await m.call('web', 'echo', { text: 'over http' }, ann)).text).toBe('[http] echo: over http');
  });

  it('never logs a header’s value, whether the server answers or not', async () => {
    const lines: string[] = [];
    const captured = Fastify({
      logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } },
    }).log;
    const secret = 'Bearer never-logged-0042';
    const m = createMcpManager({
      servers: [
        { ...base, name: 'ok', type: 'streamable-http', url: http.url, headers: { authorization: secret } },
        {
          ...base,
          name: 'down',
          type: 'sse',
          url: 'http://127.0.0.1:9/sse',
          headers: { authorization: secret },
        },
      ],
      log: captured,
      schedule: manualSchedule().schedule,
    });
    managers.push(m);
    m.start();
    await m.discover('user-ann');
    expect(m.tools().map((t) => t.server)).toContain('ok');
    expect(lines.join('\n')).toContain('MCP server unavailable');
    expect(lines.join('\n')).not.toContain('never-logged');
  });

  it('closes a user’s own connection once nobody used it for a while', async () => {
    let clock = 0;
    const m = createMcpManager({
      servers: [
        { ...base, name: 'web', type: 'sse', url: sse.url, headers: { 'x-user': '{{LIBRECHAT_USER_ID}}' } },
      ],
      log,
      now: () => clock,
    });
    managers.push(m);
    expect((await m.call('web', 'whoami', {}, ann)).text).toBe('user-ann');
    clock += MCP_LIMITS.userIdleMs - 1;
    expect((await m.call('web', 'whoami', {}, { userId: 'user-ben', signal: signal() })).text).toBe(
      'user-ben',
    );
    expect(m.connectionCount()).toBe(2);
    clock += 1;
    // Cleo comes: Ann's connection has been idle long enough, Ben's not.
    expect((await m.call('web', 'whoami', {}, { userId: 'user-cleo', signal: signal() })).text).toBe(
      'user-cleo',
    );
    expect(m.connectionCount()).toBe(2);
    // Ann is connected again when she comes back.
    expect((await m.call('web', 'whoami', {}, ann)).text).toBe('user-ann');
  });

  it('SSE: connected at start, tools listed and called', async () => {
    const m = manager([
      { ...base, name: 'stream', type: 'sse', url: sse.url, headers: { 'x-user': 'fixed' } },
    ]);
    m.start();
    await vi.waitFor(() => expect(m.tools().map((t) => t.key)).toContain('echo_mcp_stream'), {
      timeout: 10_000,
    });
    expect((await m.call('stream', 'echo', { text: 'over sse' }, ann)).text).toBe('[sse] echo: over sse');
    expect((await m.call('stream', 'whoami', {}, ann)).text).toBe('fixed');
  });
});
