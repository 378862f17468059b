import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type * as Yaml from 'yaml';
import { z } from 'zod';
import {
  BUILT_IN_ENDPOINTS,
  CONTEXT_LIMITS,
  ENDPOINT_NAME_LIMITS,
  isEndpointName,
  FILE_SOURCES,
  LIBRECHAT_SOCIAL_LOGINS,
  type SocialProvider,
  type FileSource,
  paramKeyOf,
  type ParamOverrides,
  type ParamsEndpointType,
} from '@chat/contract';
import { yamlAgentsEndpointSchema, type YamlAgentsEndpoint } from './agents-yaml.js';
import type { EndpointDefinition } from './endpoint-types.js';
import { USER_PROVIDED } from './env-endpoints.js';
import { ConfigError, type Env } from './env.js';
import {
  FEATURE_RATE_LIMITS,
  FEATURE_YAML_BLOCKS,
  type FeatureYamlKey,
  type FeatureYamlValues,
} from './feature-yaml.js';
import type { YamlFileFacts } from './yaml-block.js';
import { yamlInterfaceSchema, type YamlInterface } from './yaml-interface.js';
import { yamlRateLimitsSchema, type YamlRateLimits } from './yaml-rate-limits.js';

/**
 * librechat.yaml (CONFIG_PATH): custom endpoints in LibreChat's format, overrides of the built-in
 * endpoints, and model relabelling. Checked with zod at start-up; a problem stops start-up with
 * the file, the path in the document and what is wrong, never a value (keys live here). Keys we do
 * not implement (LibreChat's cache, …) are ignored and listed in one
 * warning. The blocks a feature owns (memory, speech, balance, fileConfig, modelSpecs) are
 * declared in the feature's folder (actions, too) and listed in config/feature-yaml.ts; the rest are read here.
 */

/** Built-in endpoints whose settings the file may override (`endpoints.<name>`). */
export const OVERRIDABLE_ENDPOINTS = ['azureOpenAI', 'openAI', 'google', 'anthropic'] as const;
type OverridableEndpoint = (typeof OVERRIDABLE_ENDPOINTS)[number];

/** What `endpoints.<built-in>` may change. */
interface BuiltInOverride {
  titleConvo?: boolean | undefined;
  titleModel?: string | undefined;
  modelDisplayLabel?: string | undefined;
  iconURL?: string | undefined;
  modelLabels?: Record<string, string> | undefined;
  relabelModels?: boolean | undefined;
  maxContextTokens?: number | undefined;
}

/**
 * The file as start-up keeps it: what is read here, and what is kept of each feature's block
 * (`memory`, `speech`, `balance`, `fileConfig`, `modelSpecs`: FeatureYamlValues, typed by the
 * features' declarations).
 */
export interface YamlConfig extends FeatureYamlValues {
  /** The file read (absolute). */
  file: string;
  /** Custom endpoints, in file order. */
  custom: EndpointDefinition[];
  overrides: Partial<Record<OverridableEndpoint, BuiltInOverride>>;
  /** `endpoints.agents`: the agents' builder and capabilities (config/agents-yaml.ts). */
  agents?: YamlAgentsEndpoint | undefined;
  /** Relabelling for every endpoint (top-level `modelLabels`); an endpoint's own entries win. */
  modelLabels: Record<string, string> | undefined;
  /** Where uploaded files are stored (LibreChat's `fileStrategy`); FILE_STRATEGY when absent. */
  fileStrategy?: FileSource | undefined;
  /** `registration.socialLogins`: the order of the social sign-in buttons (LibreChat's). */
  socialLogins?: SocialProvider[] | undefined;
  /** `registration.allowedDomains`: the e-mail domains that may sign up (all when absent). */
  allowedDomains?: string[] | undefined;
  /** `interface`: what the chat view shows (config/yaml-interface.ts). */
  interface?: YamlInterface | undefined;
  /** `rateLimits`, every entry: the upload and import limits, and those features read (config/yaml-rate-limits.ts). */
  rateLimits?: YamlRateLimits | undefined;
  /** Paths of the keys ignored (not implemented), e.g. `cache`, `endpoints.custom[0].titlePrompt`. */
  ignored: string[];
  /**
   * Values that are read but cannot be honoured as LibreChat would, each as its path and why,
   * e.g. `endpoints.custom[0].addParams.stream (the reply must stream)`; named in one warning.
   */
  unhonoured: string[];
}

/**
 * Body fields an endpoint's `addParams` and `dropParams` may not change: without them (or with
 * another value) the request is not one the adapter can read the answer of.
 */
const PROTECTED_BODY_FIELDS: Readonly<Record<string, string>> = {
  model: 'the model is the conversation’s',
  messages: 'the conversation is what is sent',
  prompt: 'the conversation is what is sent',
  stream: 'replies are streamed',
  stream_options: 'replies are streamed with their usage',
};

/** The protocols a custom endpoint may speak besides OpenAI's (`provider`). */
const CUSTOM_PROTOCOLS = ['anthropic', 'google'] as const;

/** The parameter sets `customParams.defaultParamsEndpoint` may name (LibreChat's endpoint names). */
const PARAMS_ENDPOINTS: readonly ParamsEndpointType[] = [
  'custom',
  'openAI',
  'azureOpenAI',
  'google',
  'anthropic',
];

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

/** A JSON value whose strings' `${VAR}` references are replaced from the environment. */
const jsonWithEnv = (vars: NodeJS.ProcessEnv) =>
  z.json().transform((value, ctx) => {
    const unset = new Set<string>();
    const fill = (v: unknown): unknown => {
      if (typeof v === 'string')
        return v.replace(ENV_REF, (_ref, name: string) => {
          const found = vars[name];
          if (found === undefined || found === '') unset.add(name);
          return found ?? '';
        });
      if (Array.isArray(v)) return v.map(fill);
      if (v !== null && typeof v === 'object')
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]));
      return v;
    };
    const out = fill(value);
    if (unset.size > 0) {
      ctx.addIssue({ code: 'custom', message: `environment variable ${[...unset].join(', ')} is not set` });
      return z.NEVER;
    }
    return out;
  });

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

  /** A storage LibreChat offers and this product does not (azure_blob, cloudfront) stops start-up:
   * files would be kept somewhere else than the operator chose. */
  const fileSource = z
    .string()
    .refine((v): v is FileSource => (FILE_SOURCES as readonly string[]).includes(v), {
      message: `is not a storage offered here (${FILE_SOURCES.join(', ')}): files would be kept somewhere else than chosen`,
    });

  /** LibreChat's `maxContextTokens`: the context size an endpoint's models are given. */
  const maxContextTokens = z
    .number()
    .int()
    .min(CONTEXT_LIMITS.minContextTokens)
    .max(CONTEXT_LIMITS.maxContextTokens);

  /** One of LibreChat's `paramDefinitions`: what is read is its key, range and default. */
  const paramDefinition = z
    .looseObject({
      key: z.string().trim().min(1),
      default: z.number().optional(),
      range: z
        .looseObject({
          min: z.number().optional(),
          max: z.number().optional(),
          step: z.number().positive().optional(),
        })
        .optional(),
    })
    .superRefine((d, ctx) => {
      const { min, max } = d.range ?? {};
      if (min !== undefined && max !== undefined && min > max)
        ctx.addIssue({ code: 'custom', path: ['range'], message: 'min must not be above max' });
      if (
        d.default !== undefined &&
        ((min !== undefined && d.default < min) || (max !== undefined && d.default > max))
      )
        ctx.addIssue({ code: 'custom', path: ['default'], message: 'must be within the range' });
    });

  const custom = z.strictObject({
    name: z
      .string()
      .trim()
      .refine((n) => !(BUILT_IN_ENDPOINTS as readonly string[]).includes(n), {
        message: `must not be a built-in endpoint name (${BUILT_IN_ENDPOINTS.join(', ')})`,
        abort: true,
      })
      .refine(
        isEndpointName,
        `must be 1 to ${ENDPOINT_NAME_LIMITS.maxChars} characters, without control characters, and not __proto__`,
      ),
    apiKey: secretOrUser,
    baseURL: urlOrUser,
    models: z.strictObject({
      default: z.array(z.string().trim().min(1)).min(1, 'needs at least 1 model'),
      fetch: z.boolean().optional(),
    }),
    titleConvo: z.boolean().optional(),
    // LibreChat's `structured` is its newer name for `functions`.
    titleMethod: z
      .enum(['completion', 'functions', 'structured'])
      .transform((m) => (m === 'structured' ? 'functions' : m))
      .optional(),
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
    addParams: z.record(z.string().min(1), jsonWithEnv(vars)).optional(),
    dropParams: z.array(z.string().trim().min(1)).optional(),
    directEndpoint: z.boolean().optional(),
    // LibreChat's native-protocol custom endpoints (`anthropic`); `google` is this server's own.
    provider: z.enum(CUSTOM_PROTOCOLS).optional(),
    customParams: z
      .strictObject({
        defaultParamsEndpoint: z.string().trim().min(1).optional(),
        paramDefinitions: z.array(paramDefinition).optional(),
      })
      .optional(),
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

  const featureBlocks = {} as Record<FeatureYamlKey, z.ZodType>;
  for (const d of FEATURE_YAML_BLOCKS)
    featureBlocks[d.key as FeatureYamlKey] = d.schema(withEnv(vars)).nullish();

  return z.strictObject({
    // LibreChat's file version; any is accepted (the keys below are what is checked).
    version: z.union([z.string(), z.number()]).optional(),
    // One strategy (LibreChat's older form) or one per kind of file (its newer form).
    fileStrategy: z
      .union([
        fileSource,
        z.strictObject({ avatar: fileSource, image: fileSource, document: fileSource }).partial(),
      ])
      .optional(),
    // LibreChat's registration block: the social buttons' order and the domains that may sign up.
    registration: z
      .strictObject({
        socialLogins: z.array(z.enum(LIBRECHAT_SOCIAL_LOGINS)).optional(),
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
    interface: yamlInterfaceSchema.nullish(),
    rateLimits: yamlRateLimitsSchema(FEATURE_RATE_LIMITS).nullish(),
    // Each feature's own block, under its key; what it holds is the feature's to check.
    ...featureBlocks,
    endpoints: z
      .strictObject({
        azureOpenAI: builtIn.optional(),
        openAI: builtIn.optional(),
        google: builtIn.optional(),
        anthropic: builtIn.optional(),
        agents: yamlAgentsEndpointSchema.nullish(),
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
function formatPath(path: readonly PropertyKey[]): string {
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

type FileStrategySetting = FileSource | Partial<Record<'avatar' | 'image' | 'document', FileSource>>;

/**
 * The one storage this product keeps every file in: LibreChat's single strategy as it is; of its
 * per-kind form, the images' (else the avatars', else the documents'), the others named in
 * `unhonoured` when they differ.
 */
function oneFileStrategy(
  setting: FileStrategySetting | undefined,
  unhonoured: string[],
): FileSource | undefined {
  if (setting === undefined || typeof setting === 'string') return setting;
  const chosen = setting.image ?? setting.avatar ?? setting.document;
  for (const [kind, source] of Object.entries(setting)) {
    if (source !== chosen)
      unhonoured.push(`fileStrategy.${kind} (one storage keeps every file here: ${chosen})`);
  }
  return chosen;
}

/**
 * `addParams` and `dropParams` without the fields a chat request cannot do without; each one
 * left out is named in `unhonoured` by its path.
 */
function bodyChanges(
  e: ParsedCustom,
  index: number,
  unhonoured: string[],
): Pick<EndpointDefinition, 'addParams' | 'dropParams'> {
  const at = `endpoints.custom[${index}]`;
  const out: Pick<EndpointDefinition, 'addParams' | 'dropParams'> = {};
  if (e.addParams) {
    const add: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(e.addParams)) {
      const why = Object.hasOwn(PROTECTED_BODY_FIELDS, key) ? PROTECTED_BODY_FIELDS[key] : undefined;
      if (why) unhonoured.push(`${at}.addParams.${key} (${why})`);
      else add[key] = value;
    }
    if (Object.keys(add).length > 0) out.addParams = add;
  }
  if (e.dropParams) {
    const drop: string[] = [];
    e.dropParams.forEach((key, i) => {
      const why = Object.hasOwn(PROTECTED_BODY_FIELDS, key) ? PROTECTED_BODY_FIELDS[key] : undefined;
      if (why) unhonoured.push(`${at}.dropParams[${i}] ${key} (${why})`);
      else drop.push(key);
    });
    if (drop.length > 0) out.dropParams = drop;
  }
  return out;
}

/** The protocol and parameter set of a custom endpoint (`provider`, `customParams`). */
function protocolAndParams(
  e: ParsedCustom,
  index: number,
  unhonoured: string[],
): Pick<EndpointDefinition, 'protocol' | 'paramsType' | 'paramOverrides'> {
  const out: Pick<EndpointDefinition, 'protocol' | 'paramsType' | 'paramOverrides'> = {};
  if (e.provider) out.protocol = e.provider;
  const named = e.customParams?.defaultParamsEndpoint;
  if (named && (PARAMS_ENDPOINTS as readonly string[]).includes(named)) {
    out.paramsType = named as ParamsEndpointType;
  } else if (named) {
    unhonoured.push(
      `endpoints.custom[${index}].customParams.defaultParamsEndpoint ${named} (the parameter sets here: ${PARAMS_ENDPOINTS.join(', ')})`,
    );
  }
  const set = out.paramsType ?? out.protocol ?? 'custom';
  const overrides: ParamOverrides = {};
  (e.customParams?.paramDefinitions ?? []).forEach((d, i) => {
    const at = `endpoints.custom[${index}].customParams.paramDefinitions[${i}]`;
    const key = paramKeyOf(set, d.key);
    if (!key) {
      unhonoured.push(`${at} ${d.key} (not a parameter of the ${set} set here)`);
      return;
    }
    // What the options popover draws (component, label, …) is its own: named, not honoured.
    for (const extra of Object.keys(d).filter((k) => !['key', 'default', 'range'].includes(k)))
      unhonoured.push(`${at}.${extra} (the options show their own controls)`);
    for (const extra of Object.keys(d.range ?? {}).filter((k) => !['min', 'max', 'step'].includes(k)))
      unhonoured.push(`${at}.range.${extra} (only min, max and step are read)`);
    overrides[key] = {
      ...(d.range?.min !== undefined ? { min: d.range.min } : {}),
      ...(d.range?.max !== undefined ? { max: d.range.max } : {}),
      ...(d.range?.step !== undefined ? { step: d.range.step } : {}),
      ...(d.default !== undefined ? { default: d.default } : {}),
    };
  });
  if (Object.keys(overrides).length > 0) out.paramOverrides = overrides;
  return out;
}

function toEndpoint(e: ParsedCustom, index: number, unhonoured: string[]): EndpointDefinition {
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
    ...(e.directEndpoint ? { directEndpoint: true } : {}),
    ...bodyChanges(e, index, unhonoured),
    ...protocolAndParams(e, index, unhonoured),
    ...(e.modelLabels ? { modelLabels: e.modelLabels } : {}),
    // The spec's relabelling is the custom endpoints' default; `relabelModels: false` ends it.
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
  const unhonoured: string[] = [];
  const fileStrategy = oneFileStrategy(data.fileStrategy as FileStrategySetting | undefined, unhonoured);
  const custom = (data.endpoints?.custom ?? []).map((e, i) => toEndpoint(e, i, unhonoured));
  const rateLimits: YamlRateLimits | undefined = data.rateLimits ?? undefined;
  const customNames = custom.map((e) => e.name);
  // Each feature's block as the feature keeps it, in the list's order (that of their notes).
  const blocks: Record<string, unknown> = {};
  for (const d of FEATURE_YAML_BLOCKS) {
    const block = data[d.key as FeatureYamlKey] ?? undefined;
    const facts: YamlFileFacts<string> = {
      customNames,
      rateLimits: Object.fromEntries(
        (d.rateLimits ?? []).flatMap((k) =>
          rateLimits && k in rateLimits ? [[k, rateLimits[k] ?? null]] : [],
        ),
      ),
      unhonoured: (path, why) => unhonoured.push(`${path} (${why})`),
    };
    blocks[d.key] = d.fromFile(block, facts);
    ignored.push(...(d.ignored?.(block) ?? []));
  }
  return {
    ...(blocks as FeatureYamlValues),
    fileStrategy,
    file,
    custom,
    overrides,
    agents: data.endpoints?.agents ?? undefined,
    modelLabels: data.modelLabels,
    socialLogins: data.registration?.socialLogins,
    allowedDomains: data.registration?.allowedDomains,
    interface: data.interface ?? undefined,
    rateLimits,
    ignored,
    unhonoured,
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
