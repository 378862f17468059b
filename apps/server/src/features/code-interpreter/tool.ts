import { CODE_LANGS, CODE_LIMITS, CODE_PATHS, CODE_TOOL_NAME } from '@chat/contract';
import type { FilesService } from '../files/index.js';
import type { PluginAskScope, PluginDefinition, PluginSource } from '../plugins/index.js';
import type { CodeFilesRepo } from './repo.js';
import type { CodeFile, CodeRunner, CodeRunResult } from './runner.js';

/** Output images the reply shows (the web shows these data: images and no others). */
const SHOWN_IMAGES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
/** A small text file's content goes back to the model too, up to this many characters. */
const TEXT_PREVIEW_CHARS = 2000;
const TEXT_FILE = /\.(txt|csv|tsv|json|md|html|xml|svg|py|log|ya?ml)$/i;

interface CodeArgs {
  code: string;
  args: string[];
}

/** The model's arguments (LibreChat's `lang`, `code`, `args`), else an Error the model reads. */
function codeArgs(raw: unknown): CodeArgs {
  const args = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const lang = args.lang ?? 'py';
  if (!CODE_LANGS.some((l) => l === lang)) {
    throw new Error(`Only Python runs here: "lang" must be "py", not ${JSON.stringify(lang)}`);
  }
  const code = args.code;
  if (typeof code !== 'string' || code.trim() === '') throw new Error('"code" is required');
  if (code.length > CODE_LIMITS.maxCodeChars) {
    throw new Error(`"code" is longer than ${CODE_LIMITS.maxCodeChars} characters`);
  }
  const argv = Array.isArray(args.args) ? args.args.filter((a): a is string => typeof a === 'string') : [];
  return { code, args: argv.slice(0, 100) };
}

/** A file's name as it appears under /mnt/data: no folders, no control characters, unique. */
function mountName(filename: string, taken: Set<string>): string {
  const base =
    filename
      .replace(/^.*[\\/]/, '')
      .replace(/\p{Cc}/gu, '_')
      .slice(0, 200) || 'file';
  let name = base === '.' || base === '..' ? 'file' : base;
  for (let n = 2; taken.has(name); n++) name = `${n}-${base}`;
  taken.add(name);
  return name;
}

/** What the model is told: the output streams, the error, the files written. */
function report(result: CodeRunResult, shown: ReadonlySet<string>): string {
  const parts: string[] = [];
  if (result.stdout) parts.push(`stdout:\n${result.stdout}`);
  if (result.stderr) parts.push(`stderr:\n${result.stderr}`);
  if (result.truncated) parts.push(`(the output was cut at ${CODE_LIMITS.outputMaxChars} characters)`);
  if (result.status === 'timeout') parts.push('The program was stopped: it ran past its time limit.');
  if (result.error) parts.push(`error:\n${result.error}`);
  if (result.files.length > 0) {
    const lines = result.files.map((f) => {
      const note = shown.has(f.name) ? ', shown to the user below your answer' : '';
      const line = `- ${CODE_PATHS.output}/${f.name} (${f.data.byteLength} bytes${note})`;
      if (!TEXT_FILE.test(f.name)) return line;
      const text = new TextDecoder().decode(f.data.subarray(0, TEXT_PREVIEW_CHARS * 4));
      const preview = text.length > TEXT_PREVIEW_CHARS ? `${text.slice(0, TEXT_PREVIEW_CHARS)}…` : text;
      return `${line}:\n${preview}`;
    });
    parts.push(`Files written:\n${lines.join('\n')}`);
  }
  if (result.skipped.length > 0) {
    parts.push(
      `Files not returned (over ${CODE_LIMITS.maxFiles} files or ${CODE_LIMITS.maxFileBytes} bytes): ${result.skipped.join(', ')}`,
    );
  }
  if (parts.length === 0) parts.push('The program ran and printed nothing.');
  return parts.join('\n\n');
}

/** The images among the output files as Markdown for the reply. */
function imagesOf(files: readonly CodeFile[]): { shown: Set<string>; markdown: string } {
  const shown = new Set<string>();
  const pieces: string[] = [];
  for (const f of files) {
    const type = SHOWN_IMAGES[f.name.split('.').pop()?.toLowerCase() ?? ''];
    if (!type) continue;
    shown.add(f.name);
    const alt = f.name.replace(/[[\]\n\r]/g, ' ');
    pieces.push(`![${alt}](data:${type};base64,${Buffer.from(f.data).toString('base64')})`);
  }
  return { shown, markdown: pieces.join('\n\n') };
}

export interface CodeToolDeps {
  runner: () => CodeRunner;
  files: Pick<FilesService, 'ownedOf' | 'read'>;
  repo: CodeFilesRepo;
}

/** The files of the ask's conversation and message that are still the user's, within the limits. */
async function mountedFiles(
  deps: CodeToolDeps,
  userId: string,
  ask: PluginAskScope | undefined,
): Promise<CodeFile[]> {
  if (!ask) return [];
  const earlier = ask.conversationId ? await deps.repo.conversationFileIds(userId, ask.conversationId) : [];
  const ids = [...new Set([...ask.fileIds, ...earlier])];
  const owned = await deps.files.ownedOf(
    userId,
    ids.map((file_id) => ({ file_id })),
  );
  const mounted: CodeFile[] = [];
  const taken = new Set<string>();
  let total = 0;
  for (const ref of owned.slice(0, CODE_LIMITS.maxInputFiles)) {
    const { row, body } = await deps.files.read(userId, ref.file_id);
    if (total + row.bytes > CODE_LIMITS.maxInputBytes) {
      body.destroy();
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    total += data.byteLength;
    mounted.push({ name: mountName(row.filename, taken), data: new Uint8Array(data) });
  }
  return mounted;
}

/**
 * The code interpreter as a plugin (LibreChat's `execute_code` tool): Python with its standard
 * library in a sandbox on this server, the conversation's files under /mnt/data. What it prints
 * and raises goes back to the model; images it writes are shown under the reply, other files are
 * listed (small text files with their content).
 */
function codeInterpreterPlugin(deps: CodeToolDeps): PluginDefinition {
  return {
    key: CODE_TOOL_NAME,
    name: 'Code Interpreter',
    description:
      'Runs Python code in a sandbox on the server: the standard library only (no package installs), ' +
      'no network, your conversation’s files readable.',
    toolDescription:
      'Runs Python 3 code in a sandbox and returns its stdout, stderr and any error. Only the standard ' +
      'library is available: no pip, micropip or other packages, and no network. The conversation’s ' +
      `files are readable (not writable) under ${CODE_PATHS.data}. The working directory is ` +
      `${CODE_PATHS.output}: files written there are returned, PNG, JPEG and WebP images shown to the ` +
      'user after your answer. Each call starts afresh: nothing is kept between calls. Print what you ' +
      `need to see. Runs stop after ${CODE_LIMITS.timeoutMs / 1000} seconds.`,
    icon: '/assets/plugins/code-interpreter.svg',
    authConfig: [],
    parameters: {
      type: 'object',
      properties: {
        lang: { type: 'string', enum: [...CODE_LANGS], description: 'The language: "py" (Python)' },
        code: { type: 'string', description: 'The complete program to run; print what you need to see' },
        args: {
          type: 'array',
          items: { type: 'string' },
          description: 'Command-line arguments (sys.argv[1:])',
        },
      },
      required: ['lang', 'code'],
      additionalProperties: false,
    },
    async run(raw, { userId, ask, signal }) {
      const { code, args } = codeArgs(raw);
      const files = await mountedFiles(deps, userId, ask);
      const result = await deps.runner().run(code, { files, args, signal });
      const images = imagesOf(result.files);
      return {
        output: report(result, images.shown),
        ...(images.markdown ? { attachment: images.markdown } : {}),
      };
    },
  };
}

/** The code interpreter as a source of plugins (one: execute_code). */
export function codeInterpreterSource(deps: CodeToolDeps): PluginSource {
  const plugin = codeInterpreterPlugin(deps);
  return { name: 'code-interpreter', definitions: () => [plugin] };
}
