import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeRunner, type CodeRunner } from './runner.js';

// Every run loads Pyodide in a fresh worker (seconds of CPU), so the pool is one worker and the
// tests each allow a minute.
const SLOW = 90_000;
let runner: CodeRunner;
let server: http.Server;
let port: number;
const received: string[] = [];
const text = (s: string) => new TextEncoder().encode(s);

beforeAll(async () => {
  runner = createCodeRunner({ poolSize: 1, timeoutMs: 20_000 });
  server = http.createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    res.end('secret');
  });
  server.on('connection', () => received.push('connection'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await runner.close();
  await new Promise((r) => server.close(r));
});

describe('the Python sandbox', () => {
  it(
    'prints, reads /mnt/data but cannot write there, sees no host file, returns what it writes',
    async () => {
      const code = [
        'import os',
        'print(open("/mnt/data/prices.csv").read().strip())',
        'print(os.getcwd())',
        'for path, mode in [("/mnt/data/prices.csv", "a"), ("/mnt/data/new.txt", "w")]:',
        '    try:',
        '        open(path, mode).write("x")',
        '        print("wrote", path)',
        '    except PermissionError:',
        '        print("refused", path)',
        'try:',
        '    open("/etc/passwd")',
        'except OSError as e:',
        '    print("no passwd:", type(e).__name__)',
        'open("result.txt", "w").write("total=3")',
        'os.makedirs("charts")',
        'open("charts/a.svg", "w").write("<svg/>")',
        'import sys',
        'print("to stderr", file=sys.stderr)',
      ].join('\n');
      const r = await runner.run(code, { files: [{ name: 'prices.csv', data: text('a,b\n1,2\n') }] });
      expect(r.status).toBe('ok');
      expect(r.stdout).toBe(
        [
          'a,b\n1,2',
          '/mnt/output',
          'refused /mnt/data/prices.csv',
          'refused /mnt/data/new.txt',
          'no passwd: FileNotFoundError',
          '',
        ].join('\n'),
      );
      expect(r.stderr).toBe('to stderr\n');
      const files = Object.fromEntries(r.files.map((f) => [f.name, new TextDecoder().decode(f.data)]));
      expect(files).toEqual({ 'result.txt': 'total=3', 'charts/a.svg': '<svg/>' });
    },
    SLOW,
  );

  it(
    "reports an exception with the program's own traceback",
    async () => {
      const r = await runner.run('print("before")\ndef f():\n    raise ValueError("bad input")\nf()');
      expect(r.status).toBe('error');
      expect(r.stdout).toBe('before\n');
      expect(r.error).toBe(
        [
          'Traceback (most recent call last):',
          '  File "<exec>", line 4, in <module>',
          '  File "<exec>", line 3, in f',
          'ValueError: bad input',
          '',
        ].join('\n'),
      );
    },
    SLOW,
  );

  it(
    'stops an endless loop at its time limit and runs the next program in a new worker',
    async () => {
      const short = createCodeRunner({ poolSize: 1, timeoutMs: 2_000 });
      try {
        const started = Date.now();
        const r = await short.run('print("looping")\nwhile True:\n    pass');
        expect(r.status).toBe('timeout');
        // A generous bound only: the worker is ended, not waited for.
        expect(Date.now() - started).toBeLessThan(60_000);
        const next = await short.run('print(1 + 1)');
        expect(next).toMatchObject({ status: 'ok', stdout: '2\n' });
      } finally {
        await short.close();
      }
    },
    SLOW * 2,
  );

  it(
    'ends the worker when the run is stopped (a reply aborted), and takes its arguments in sys.argv',
    async () => {
      const stop = new AbortController();
      const running = runner.run('while True:\n    pass', { signal: stop.signal });
      setTimeout(() => stop.abort(new Error('stopped by the user')), 1_000);
      await expect(running).rejects.toThrow('stopped by the user');
      const next = await runner.run('import sys\nprint(sys.argv[1:])', { args: ['a', 'b c'] });
      expect(next).toMatchObject({ status: 'ok', stdout: "['a', 'b c']\n" });
    },
    SLOW,
  );

  it(
    'stops a program that eats memory with a MemoryError',
    async () => {
      const small = createCodeRunner({ poolSize: 1, memoryMb: 96 });
      try {
        const r = await small.run('chunks = []\nwhile True:\n    chunks.append(bytearray(10**7))');
        expect(r.status).toBe('memory');
        expect(r.error).toMatch(/MemoryError/);
      } finally {
        await small.close();
      }
    },
    SLOW,
  );

  it(
    'reaches no network and no JavaScript: socket, urllib, js, the Function constructor all fail',
    async () => {
      const code = [
        'import socket, urllib.request',
        'try:',
        `    socket.create_connection(("127.0.0.1", ${port}), timeout=2)`,
        '    print("socket connected")',
        'except OSError as e:',
        '    print("socket:", type(e).__name__)',
        'try:',
        `    print(urllib.request.urlopen("http://127.0.0.1:${port}/steal", timeout=2).read())`,
        'except OSError as e:',
        '    print("urllib:", type(e).__name__)',
        'for name in ("js", "pyodide_js", "pyodide.http", "micropip"):',
        '    try:',
        '        __import__(name)',
        '        print("imported", name)',
        '    except ImportError:',
        '        print("no", name)',
        'from pyodide.ffi import to_js',
        'try:',
        '    to_js([1]).constructor.constructor("return process")()',
        '    print("made a function")',
        'except Exception as e:',
        '    print("Function:", "not available" in str(e))',
      ].join('\n');
      const r = await runner.run(code);
      expect(r.stdout).toBe(
        [
          'socket: OSError',
          'urllib: URLError',
          'no js',
          'no pyodide_js',
          'no pyodide.http',
          'no micropip',
          'Function: True',
          '',
        ].join('\n'),
      );
      expect(received).toEqual([]);
    },
    SLOW,
  );
});
