// One Python sandbox: a worker thread that loads Pyodide, takes away what could reach the network,
// the host's files or the rest of the process, then runs exactly one program and ends.
//
// Plain JavaScript on purpose: a worker is started from a file, and this one must start the same
// way under the test runner, in development and from the bundle (which copies it beside main.js).
//
//   parent → worker  workerData { memoryBytes, outputMaxChars, dataDir, outputDir }
//   worker → parent  { type: 'ready' } once loaded and locked down
//   parent → worker  { type: 'run', code, files: [{ name, data }], args, maxFiles, maxFileBytes }
//   worker → parent  { type: 'done', ok, stdout, stderr, truncated, error?, memory, files, skipped }
import { parentPort, workerData } from 'node:worker_threads';
import { loadPyodide } from 'pyodide';

const port = parentPort;
const { memoryBytes, outputMaxChars, dataDir, outputDir } = workerData;

// WebAssembly memory is not part of V8's heap, so resourceLimits cannot bound it: the interpreter
// grows its memory through this method, and past the limit a refusal makes malloc fail, which
// Python reports as MemoryError.
const grow = WebAssembly.Memory.prototype.grow;
Object.defineProperty(WebAssembly.Memory.prototype, 'grow', {
  value(pages) {
    if (this.buffer.byteLength + pages * 65536 > memoryBytes) {
      throw new RangeError('The memory limit of the code interpreter was reached');
    }
    return grow.call(this, pages);
  },
});

let stdout = '';
let stderr = '';
let truncated = false;
const append = (which, text) => {
  const room = outputMaxChars - stdout.length - stderr.length;
  if (room <= 0) {
    truncated = true;
    return;
  }
  const piece = text.length > room ? text.slice(0, room) : text;
  if (piece.length < text.length) truncated = true;
  if (which === 'out') stdout += piece;
  else stderr += piece;
};

const py = await loadPyodide({
  stdout: (line) => append('out', `${line}\n`),
  stderr: (line) => append('err', `${line}\n`),
  env: { HOME: outputDir },
});
const FS = py.FS;
FS.mkdirTree(dataDir);
FS.mkdirTree(outputDir);

// Python must not reach JavaScript: the `js` and `pyodide_js` modules are the ways in, and an
// import hook refuses them (and the package installer, which would need the network anyway).
py.runPython(`
import sys
class _Refuse:
    blocked = ('js', 'pyodide_js', 'micropip', 'pyodide.http')
    def find_spec(self, name, path=None, target=None):
        if name in self.blocked or name.startswith(('js.', 'pyodide_js.', 'micropip.')):
            raise ImportError(f"{name} is not available in this sandbox")
        return None
for _name in list(sys.modules):
    if _name in ('js', 'pyodide_js', 'pyodide.http') or _name.startswith(('js.', 'pyodide_js.')):
        del sys.modules[_name]
sys.meta_path.insert(0, _Refuse())
del _Refuse, _name
`);
py.unregisterJsModule('js');
py.unregisterJsModule('pyodide_js');

// Should Python still get hold of a JavaScript object (pyodide.ffi makes them), what it could
// reach through one is taken away: the network, the module loader, the process, the ways to
// turn a string into code (a dynamic import needs one), and Pyodide's own doors to the host
// (mounting a host folder, reading a file, loading packages).
for (const name of [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
  'BroadcastChannel',
  'require',
  'process',
  'Worker',
  'importScripts',
]) {
  try {
    delete globalThis[name];
  } catch {
    // a property that cannot be deleted is shadowed below
  }
  if (name in globalThis) Object.defineProperty(globalThis, name, { value: undefined, configurable: false });
}
// A plain function (not an arrow) with the real prototype, so `x instanceof Function` still works.
function refuse() {
  throw new EvalError('Code generation is not available in this sandbox');
}
Object.defineProperty(refuse, 'prototype', { value: Function.prototype });
for (const proto of [
  Function.prototype,
  Object.getPrototypeOf(async function () {}),
  Object.getPrototypeOf(function* () {}),
  Object.getPrototypeOf(async function* () {}),
]) {
  Object.defineProperty(proto, 'constructor', { value: refuse, writable: false, configurable: false });
}
Object.defineProperty(globalThis, 'Function', { value: refuse, writable: false, configurable: false });
Object.defineProperty(globalThis, 'eval', { value: refuse, writable: false, configurable: false });
for (const key of [
  'mountNodeFS',
  'mountNativeFS',
  'loadPackage',
  'loadPackagesFromImports',
  '_api',
  '_module',
]) {
  try {
    delete py[key];
  } catch {
    // not deletable: hidden below
  }
  if (key in py) Object.defineProperty(py, key, { value: undefined });
}
for (const key of Object.keys(FS.filesystems)) if (key !== 'MEMFS') delete FS.filesystems[key];

/** A traceback without the interpreter's own frames above the program's first one. */
function ownTraceback(text) {
  const lines = text.split('\n');
  const first = lines.findIndex((l) => l.startsWith('  File "<exec>"'));
  return first > 0 && lines[0].startsWith('Traceback') ? [lines[0], ...lines.slice(first)].join('\n') : text;
}

/** Every regular file under `dir`, with its path relative to it. */
function listFiles(dir, prefix = '') {
  const found = [];
  for (const name of FS.readdir(dir)) {
    if (name === '.' || name === '..') continue;
    const path = `${dir}/${name}`;
    const mode = FS.stat(path).mode;
    if (FS.isDir(mode)) found.push(...listFiles(path, `${prefix}${name}/`));
    else if (FS.isFile(mode)) found.push({ path, name: `${prefix}${name}` });
  }
  return found;
}

port.once('message', async (msg) => {
  // The conversation's files, read-only (the folder too: nothing new can be made in it).
  for (const file of msg.files) {
    const path = `${dataDir}/${file.name}`;
    FS.writeFile(path, file.data);
    FS.chmod(path, 0o444);
  }
  FS.chmod(dataDir, 0o555);
  FS.chdir(outputDir);
  const sys = py.pyimport('sys');
  sys.argv = py.toPy(['main.py', ...msg.args]);
  sys.destroy();

  let error;
  let memory = false;
  try {
    await py.runPythonAsync(msg.code);
  } catch (err) {
    error = ownTraceback(err instanceof Error ? err.message : String(err));
    memory = /MemoryError/.test(error) || err instanceof RangeError;
  }
  const files = [];
  const skipped = [];
  for (const f of listFiles(outputDir)) {
    const size = FS.stat(f.path).size;
    if (files.length >= msg.maxFiles || size > msg.maxFileBytes) skipped.push(f.name);
    else files.push({ name: f.name, data: FS.readFile(f.path) });
  }
  port.postMessage(
    { type: 'done', ok: error === undefined, stdout, stderr, truncated, error, memory, files, skipped },
    files.map((f) => f.data.buffer),
  );
});
port.postMessage({ type: 'ready' });
