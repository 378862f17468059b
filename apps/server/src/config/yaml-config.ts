import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type * as Yaml from 'yaml';
import { z } from 'zod';
import {
  BUILT_IN_ENDPOINTS,
  CONTEXT_LIMITS,
  endpointNameSchema,
  FILE_SOURCES,
  SOCIAL_PROVIDERS,
  type FileSource,
} from '@chat/contract';
import type { EndpointDefinition } from './app-config.js';
import { USER_PROVIDED } from './env-endpoints.js';
import { ConfigError, type Env } from './env.js';

/**
 * librechat.yaml (CONFIG_PATH): custom endpoints in LibreChat's format, overrides of the built-in
 * endpoints, and model relabelling. Checked with zod at start-up; a problem stops start-up with
 * the file, the path in the document and what is wrong, never a value (keys live here). Keys we do
 * not implement (LibreChat's cache, interface, …) are ignored and listed in one
 * warning.
 */

/** Built-in endpoints whose settings the file may override (`endpoints.<name>`). */
export const OVERRIDABLE_ENDPOINTS = ['azureOpenAI', 'openAI', 'google', 'anthropic'] as const;
export type OverridableEndpoint = (typeof OVERRIDABLE_ENDPOINTS)[number];

/** What `endpoints.<built-in>` may change. */
export interface BuiltInOverride {
  titleConvo?: boolean | undefined;
  titleModel?: string | undefined;
  modelDisplayLabel?: string | undefined;
  iconURL?: string | undefined;
  modelLabels?: Record<string, string> | undefined;
  relabelModels?: boolean | undefined;
  maxContextTokens?: number | undefined;
}

export interface YamlConfig {
  /** The file read (absolute). */
  file: string;
  /** Custom endpoints, in file order. */
  custom: EndpointDefinition[];
  overrides: Partial<Record<OverridableEndpoint, BuiltInOverride>>;
  /** Relabelling for every endpoint (top-level `modelLabels`); an endpoint's own entries win. */
  modelLabels: Record<string, string> | undefined;
  /** Where uploaded files are stored (LibreChat's `fileStrategy`); FILE_STRATEGY when absent. */
  fileStrategy?: FileSource | undefined;
  /** `registration.socialLogins`: the order of the social sign-in buttons (LibreChat's). */
  socialLogins?: string[] | undefined;
  /** `registration.allowedDomains`: the e-mail domains that may sign up (all when absent). */
  allowedDomains?: string[] | undefined;
  /** Paths of the keys ignored (not implemented), e.g. `cache`, `endpoints.custom[0].addParams`. */
  ignored: string[];
}

/** LibreChat's `titleModel: current_model`: title with the conversation's own model. */
const CURRENT_MODEL = 'current_model';
const ENV_REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A string whose `${VAR}` references are replaced from the environment (an unset one is an error). */
const withEnv = (vars: NodeJS.ProcessEnv) =>
  z.string().transform((value, ctx) => {
    const unset: string[] = [];
    const out = value.replace(ENV_REF, (_ref, name: string) => {
      const v = vars[name];
      if (v === undefined || v === '') unset.push(name);
      return v ?? '';
    });
    if (unset.length > 0) {
      ctx.addIssue({ code: 'custom', message: `environment variable ${unset.join(', ')} is not set` });
      return z.NEVER;
    }
    return out.trim();
  });

const isHttpUrl = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

const modelLabelsSchema = z.record(z.string().trim().min(1), z.string().trim().min(1));

function schemaWith(vars: NodeJS.ProcessEnv) {
  const secretOrUser = withEnv(vars).refine((v) => v !== '', 'must not be empty');
  const urlOrUser = withEnv(vars).refine(
    (v) => v === USER_PROVIDED || isHttpUrl(v),
    `must be an http(s) URL or ${USER_PROVIDED}`,
  );
  const headerValue = z
    .union([z.string(), z.number(), z.boolean()])
    .transform(String)
    .pipe(withEnv(vars))
    .refine((v) => !/[\r\n\0]/.test(v), 'must not contain a line break or NUL');

  /** LibreChat's `maxContextTokens`: the context size an endpoint's models are given. */
  const maxContextTokens = z
    .number()
    .int()
    .min(CONTEXT_LIMITS.minContextTokens)
    .max(CONTEXT_LIMITS.maxContextTokens);

  const custom = z.strictObject({
    name: z
      .string()
      .trim()
      .refine((n) => !(BUILT_IN_ENDPOINTS as readonly string[]).includes(n), {
        message: `must not be a built-in endpoint name (${BUILT_IN_ENDPOINTS.join(', ')})`,
        abort: true,
      })
      .refine(
        (n) => endpointNameSchema.safeParse(n).success,
        'must be 1 to 64 letters, digits, "_", "." or "-", with single spaces between words',
      ),
    apiKey: secretOrUser,
    baseURL: urlOrUser,
    models: z.strictObject({
      default: z.array(z.string().trim().min(1)).min(1, 'needs at least 1 model'),
      fetch: z.boolean().optional(),
    }),
    titleConvo: z.boolean().optional(),
    titleMethod: z.enum(['completion', 'functions']).optional(),
    titleModel: z.string().trim().min(1).optional(),
    summarize: z.boolean().optional(),
    summaryModel: z.string().trim().min(1).optional(),
    maxContextTokens: maxContextTokens.optional(),
    forcePrompt: z.boolean().optional(),
    modelDisplayLabel: z.string().trim().min(1).optional(),
    headers: z.record(z.string().regex(HEADER_NAME, 'is not a valid header name'), headerValue).optional(),
    iconURL: z.string().trim().min(1).optional(),
    modelLabels: modelLabelsSchema.optional(),
    relabelModels: z.boolean().optional(),
  });

  const builtIn = z.strictObject({
    titleConvo: z.boolean().optional(),
    maxContextTokens: maxContextTokens.optional(),
    titleModel: z.string().trim().min(1).optional(),
    modelDisplayLabel: z.string().trim().min(1).optional(),
    iconURL: z.string().trim().min(1).optional(),
    modelLabels: modelLabelsSchema.optional(),
    relabelModels: z.boolean().optional(),
  });

  return z.strictObject({
    // LibreChat's file version; any is accepted (the keys below are what is checked).
    version: z.union([z.string(), z.number()]).optional(),
    fileStrategy: z.enum(FILE_SOURCES).optional(),
    // LibreChat's registration block: the social buttons' order and the domains that may sign up.
    registration: z
      .strictObject({
        socialLogins: z.array(z.enum(SOCIAL_PROVIDERS)).optional(),
        allowedDomains: z
          .array(
            z
              .string()
              .trim()
              .regex(/^[^\s@]+\.[^\s@]+$/, 'must be a domain name such as example.com'),
          )
          .optional(),
      })
      .optional(),
    modelLabels: modelLabelsSchema.optional(),
    endpoints: z
      .strictObject({
        azureOpenAI: builtIn.optional(),
        openAI: builtIn.optional(),
        google: builtIn.optional(),
        anthropic: builtIn.optional(),
        custom: z
          .array(custom)
          .superRefine((list, ctx) => {
            const seen = new Map<string, number>();
            list.forEach((e, i) => {
              const first = seen.get(e.name);
              if (first === undefined) seen.set(e.name, i);
              else
                ctx.addIssue({
                  code: 'custom',
                  path: [i, 'name'],
                  message: `is already the name of endpoints.custom[${first}]`,
                });
            });
          })
          .optional(),
      })
      .nullish(),
  });
}
type ParsedFile = z.output<ReturnType<typeof schemaWith>>;
type ParsedCustom = NonNullable<NonNullable<ParsedFile['endpoints']>['custom']>[number];

/** `endpoints.custom[1].models.default`, as the messages name a place in the document. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}

/** An issue's own words; a record key's problem is inside the issue zod reports for the key. */
function messageOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_key') return issue.issues[0]?.message ?? issue.message;
  return issue.message;
}

/** Removes `keys` of the object at `path` (the document is a fresh copy, ours to change). */
function dropKeys(doc: unknown, path: readonly PropertyKey[], keys: readonly string[]): void {
  let node: unknown = doc;
  for (const p of path) node = (node as Record<PropertyKey, unknown> | undefined)?.[p];
  if (node && typeof node === 'object') for (const k of keys) delete (node as Record<string, unknown>)[k];
}

function toEndpoint(e: ParsedCustom): EndpointDefinition {
  const userProvideURL = e.baseURL === USER_PROVIDED;
  // The server's key is never sent to a URL a user chose: a user-provided base URL means a
  // user-provided key too (LibreChat would send the configured key there).
  const userProvide = e.apiKey === USER_PROVIDED || userProvideURL;
  return {
    name: e.name,
    type: 'custom',
    apiKey: e.apiKey === USER_PROVIDED || userProvideURL ? '' : e.apiKey,
    baseURL: userProvideURL ? undefined : e.baseURL,
    models: [...e.models.default],
    fetchModels: e.models.fetch === true,
    titleModel: e.titleModel && e.titleModel !== CURRENT_MODEL ? e.titleModel : undefined,
    label: e.modelDisplayLabel,
    userProvide,
    userProvideURL,
    isDemo: false,
    // As in LibreChat, a custom endpoint writes model titles only when its entry says so.
    titleConvo: e.titleConvo ?? false,
    ...(e.headers ? { headers: e.headers } : {}),
    ...(e.iconURL ? { iconURL: e.iconURL } : {}),
    ...(e.titleMethod ? { titleMethod: e.titleMethod } : {}),
    ...(e.summarize !== undefined ? { summarize: e.summarize } : {}),
    ...(e.summaryModel ? { summaryModel: e.summaryModel } : {}),
    ...(e.maxContextTokens !== undefined ? { maxContextTokens: e.maxContextTokens } : {}),
    ...(e.forcePrompt !== undefined ? { forcePrompt: e.forcePrompt } : {}),
    ...(e.modelLabels ? { modelLabels: e.modelLabels } : {}),
    // The spec's relabelling (§9) is the custom endpoints' default; `relabelModels: false` ends it.
    relabelModels: e.relabelModels ?? true,
  };
}

/**
 * The YAML parser (~1 MB of heap), loaded by the first file parsed: a server without a
 * librechat.yaml does without it. Synchronous, as start-up reads the file.
 */
function yamlParser(): typeof Yaml {
  return createRequire(import.meta.url)('yaml') as typeof Yaml;
}

/**
 * Parses the text of a librechat.yaml. `vars` answers `${VAR}` references (process.env).
 * Throws a ConfigError naming `file`, the path in the document and the problem.
 */
export function parseYamlConfig(text: string, file: string, vars: NodeJS.ProcessEnv): YamlConfig {
  function fail(lines: string[]): never {
    throw new ConfigError(`Invalid configuration in ${file}:\n${lines.map((l) => `  ${l}`).join('\n')}`);
  }
  const document = yamlParser().parseDocument(text, { uniqueKeys: true });
  if (document.errors.length > 0) {
    // The parser's message goes on with the offending line quoted, which may hold a key: only
    // its first sentence and the position are kept.
    fail(
      document.errors.map((e) => {
        const pos = e.linePos?.[0];
        const what = e.message.split(/ at line \d+/)[0]!.split('\n')[0]!;
        return `${pos ? `line ${pos.line}, column ${pos.col}: ` : ''}${what} (YAML ${e.code})`;
      }),
    );
  }
  const raw: unknown = document.toJS() ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) fail(['the document must be a mapping of keys']);

  const schema = schemaWith(vars);
  const doc = structuredClone(raw);
  const ignored: string[] = [];
  let result = schema.safeParse(doc);
  if (!result.success) {
    const problems: string[] = [];
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        ignored.push(...issue.keys.map((k) => formatPath([...issue.path, k])));
        dropKeys(doc, issue.path, issue.keys);
      } else {
        problems.push(`${formatPath(issue.path) || '(document)'}: ${messageOf(issue)}`);
      }
    }
    if (problems.length > 0) fail(problems);
    result = schema.safeParse(doc);
    if (!result.success) fail(result.error.issues.map((i) => `${formatPath(i.path)}: ${messageOf(i)}`));
  }
  const data = result.data;
  const overrides: YamlConfig['overrides'] = {};
  for (const name of OVERRIDABLE_ENDPOINTS) {
    const o = data.endpoints?.[name];
    if (o) overrides[name] = o;
  }
  return {
    file,
    custom: (data.endpoints?.custom ?? []).map(toEndpoint),
    overrides,
    modelLabels: data.modelLabels,
    fileStrategy: data.fileStrategy,
    socialLogins: data.registration?.socialLogins,
    allowedDomains: data.registration?.allowedDomains,
    ignored,
  };
}

/**
 * The file to read: CONFIG_PATH (which must exist), else `./librechat.yaml` when present, else
 * none. Relative paths are from `cwd`.
 */
export function configPathFrom(env: Pick<Env, 'CONFIG_PATH'>, cwd = process.cwd()): string | null {
  if (env.CONFIG_PATH) {
    const file = resolve(cwd, env.CONFIG_PATH);
    if (!existsSync(file)) throw new ConfigError(`Invalid configuration:\n  CONFIG_PATH: no file at ${file}`);
    return file;
  }
  const fallback = resolve(cwd, 'librechat.yaml');
  return existsSync(fallback) ? fallback : null;
}

/** Reads and checks the librechat.yaml of this environment, or null when there is none. */
export function loadYamlConfig(
  env: Pick<Env, 'CONFIG_PATH'>,
  vars: NodeJS.ProcessEnv,
  cwd = process.cwd(),
): YamlConfig | null {
  const file = configPathFrom(env, cwd);
  if (!file) return null;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`Invalid configuration:\n  CONFIG_PATH: cannot read ${file} (${code})`);
  }
  return parseYamlConfig(text, file, vars);
}
