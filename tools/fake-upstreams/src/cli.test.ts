import { describe, it, expect } from 'vitest';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

type Cli = ChildProcessByStdio<null, Readable, Readable>;

function startCli(args: string[]): Cli {
  return spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The first line the CLI prints, once it names a URL. */
function firstLine(child: Cli): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      out += d;
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`cli exited early with ${code}`)));
  });
}

/** Runs `body` against a started CLI, then checks that SIGTERM makes it exit with 0. */
async function withCli(args: string[], body: (line: string) => Promise<void>): Promise<void> {
  const child = startCli(args);
  child.stderr.resume();
  try {
    await body(await firstLine(child));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

describe('cli', () => {
  it('prints the URL, serves with --tps defaults and exits cleanly on SIGTERM', async () => {
    await withCli(['--tps', '1000'], async (line) => {
      expect(line).toMatch(/^fake OpenAI listening on http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const url = line.split(' ').pop()!;
      const res = await fetch(`${url}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ messages: [{ role: 'user', content: '[[fake reply="from cli"]]' }] }),
      });
      const body = (await res.json()) as { choices: { message: { content: string } }[] };
      expect(body.choices[0]!.message.content).toBe('from cli');
    });
  });

  it('--protocol openai (the default) serves Azure OpenAI deployment paths too', async () => {
    await withCli(['--protocol', 'openai', '--api-key', 'k'], async (line) => {
      expect(line).toMatch(/^fake OpenAI listening on http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const origin = line.split(' ').pop()!.replace(/\/v1$/, '');
      const res = await fetch(`${origin}/openai/deployments/dep/chat/completions?api-version=2024-10-21`, {
        method: 'POST',
        headers: { 'api-key': 'k' },
        body: JSON.stringify({ messages: [{ role: 'user', content: '[[fake reply="azure"]]' }] }),
      });
      const body = (await res.json()) as { model: string; choices: { message: { content: string } }[] };
      expect(body.model).toBe('dep');
      expect(body.choices[0]!.message.content).toBe('azure');
    });
  });

  it('--protocol anthropic serves the Messages API under /v1', async () => {
    await withCli(['--protocol', 'anthropic', '--api-key', 'k'], async (line) => {
      expect(line).toMatch(/^fake Anthropic listening on http:\/\/127\.0\.0\.1:\d+\/v1$/);
      const url = line.split(' ').pop()!;
      const res = await fetch(`${url}/messages`, {
        method: 'POST',
        headers: { 'x-api-key': 'k', 'anthropic-version': '2023-06-01' },
        body: JSON.stringify({
          model: 'claude-haiku-4-5',
          max_tokens: 100,
          messages: [{ role: 'user', content: '[[fake reply="from claude"]]' }],
        }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { type: string; content: { type: string; text: string }[] };
      expect(body.type).toBe('message');
      expect(body.content).toEqual([{ type: 'text', text: 'from claude' }]);
      const refused = await fetch(`${url}/models`, { headers: { 'x-api-key': 'wrong' } });
      expect(refused.status).toBe(401);
    });
  });

  it('--protocol gemini serves generateContent under /v1beta', async () => {
    await withCli(['--protocol', 'gemini', '--api-key', 'k', '--tps', '1000'], async (line) => {
      expect(line).toMatch(/^fake Gemini listening on http:\/\/127\.0\.0\.1:\d+\/v1beta$/);
      const url = line.split(' ').pop()!;
      const res = await fetch(`${url}/models/gemini-2.5-flash:generateContent`, {
        method: 'POST',
        headers: { 'x-goog-api-key': 'k' },
        body: JSON.stringify({
          contents: [{ role: 'user', parts: [{ text: '[[fake reply="from gemini"]]' }] }],
        }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { candidates: { content: { parts: { text: string }[] } }[] };
      expect(body.candidates[0]!.content.parts).toEqual([{ text: 'from gemini' }]);
    });
  });

  it('refuses an unknown protocol with the usage and exit code 2', async () => {
    const child = startCli(['--protocol', 'bedrock']);
    child.stdout.resume();
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('--protocol openai|anthropic|gemini');
  });
});
