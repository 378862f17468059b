import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { ACTION_LIMITS } from '@chat/contract';

/**
 * An OpenAPI 3 document turned into the functions a model may call (LibreChat's
 * validateAndParseOpenAPISpec and openapiToFunction, written anew): one per operation, named by
 * its operationId (else its method and path), described by its summary or description, its
 * parameters (path, query, header) and the top-level properties of its JSON body as one object
 * schema, and where each argument goes when the API is called. Only references inside the
 * document (`#/…`) are followed: nothing is fetched while a spec is read.
 */

type ParamLocation = 'path' | 'query' | 'header' | 'body';

export interface ActionOperation {
  name: string;
  description: string;
  method: string;
  path: string;
  /** JSON Schema of the arguments (an object). */
  parameters: Record<string, unknown>;
  /** Where each argument is sent; a JSON body that is not an object is the argument `body`. */
  locations: Record<string, ParamLocation>;
  /** The whole body is the `body` argument (the body's schema is not an object of properties). */
  wholeBody: boolean;
}

export interface ParsedSpec {
  /** The first server's URL (absolute, http or https), which every operation's path is put after. */
  serverUrl: URL;
  operations: ActionOperation[];
}

/** A spec that cannot be used; the message says why (told to the person saving it). */
export class SpecError extends Error {}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
/** What model tool names may hold (OpenAI's rule). */
const NAME_RE = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The YAML parser (~1 MB of heap), loaded by the first spec written in YAML: a server whose agents
 * have no actions, or only JSON ones, does without it (it is not among the start-up imports).
 */
const yamlParser = (): typeof Yaml => createRequire(import.meta.url)('yaml') as typeof Yaml;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseText(raw: string): Json {
  let doc: unknown;
  const text = raw.trim();
  try {
    doc = text.startsWith('{') ? JSON.parse(text) : yamlParser().parse(text, { maxAliasCount: 100 });
  } catch (err) {
    throw new SpecError(`The spec is neither JSON nor YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!isObject(doc)) throw new SpecError('The spec is not an object');
  return doc;
}

/** A JSON pointer inside the document (`#/components/schemas/Pet`). */
function pointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/'))
    throw new SpecError(`Only references inside the spec are followed (${ref.slice(0, 100)})`);
  let at: unknown = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(at) && !Array.isArray(at)) throw new SpecError(`Unresolved reference ${ref.slice(0, 100)}`);
    if (key === '__proto__' || !Object.prototype.hasOwnProperty.call(at, key))
      throw new SpecError(`Unresolved reference ${ref.slice(0, 100)}`);
    at = (at as Json)[key];
  }
  return at;
}

/** The value with its references replaced by what they point to (cut at the depth limit). */
function resolve(doc: Json, value: unknown, depth = 0): unknown {
  if (depth > ACTION_LIMITS.refDepthMax) return {};
  if (Array.isArray(value)) return value.map((v) => resolve(doc, v, depth + 1));
  if (!isObject(value)) return value;
  if (typeof value.$ref === 'string') return resolve(doc, pointer(doc, value.$ref), depth + 1);
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === '__proto__') continue;
    out[k] = resolve(doc, v, depth + 1);
  }
  return out;
}

/** The name of an operation without an operationId: its method and path, as a tool name. */
function fallbackName(method: string, path: string): string {
  return `${method}_${path}`
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 64);
}

function serverOf(doc: Json): URL {
  const servers = doc.servers;
  const first = Array.isArray(servers) && isObject(servers[0]) ? servers[0].url : undefined;
  if (typeof first !== 'string' || !first.trim())
    throw new SpecError('The spec names no server (servers[0].url)');
  let url: URL;
  try {
    url = new URL(first.trim());
  } catch {
    throw new SpecError('The server URL must be absolute (https://api.example.com/v1)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SpecError('The server URL must use http or https');
  if (url.username || url.password) throw new SpecError('The server URL must not hold credentials');
  url.search = '';
  url.hash = '';
  return url;
}

/** Reads and checks a spec; a SpecError says what is wrong. */
export function parseOpenApiSpec(raw: string): ParsedSpec {
  const doc = parseText(raw);
  if (typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.'))
    throw new SpecError('Only OpenAPI 3 specs are supported (an "openapi: 3.x" field)');
  const serverUrl = serverOf(doc);
  if (!isObject(doc.paths) || Object.keys(doc.paths).length === 0)
    throw new SpecError('The spec has no paths');

  const operations: ActionOperation[] = [];
  const names = new Set<string>();
  for (const [path, rawItem] of Object.entries(doc.paths)) {
    if (!path.startsWith('/')) throw new SpecError(`A path must start with "/" (${path.slice(0, 100)})`);
    const item = resolve(doc, rawItem);
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const name =
        typeof op.operationId === 'string' && op.operationId ? op.operationId : fallbackName(method, path);
      if (!NAME_RE.test(name))
        throw new SpecError(
          `The operationId "${name.slice(0, 80)}" must be 1-64 letters, digits, "_" or "-"`,
        );
      if (names.has(name)) throw new SpecError(`Two operations are named ${name}`);
      names.add(name);
      operations.push(operationOf(name, method, path, op, shared));
      if (operations.length > ACTION_LIMITS.maxFunctions)
        throw new SpecError(`A spec may describe at most ${ACTION_LIMITS.maxFunctions} operations`);
    }
  }
  if (operations.length === 0) throw new SpecError('The spec has no operations');
  return { serverUrl, operations };
}

function operationOf(
  name: string,
  method: string,
  path: string,
  op: Json,
  shared: unknown[],
): ActionOperation {
  const properties: Json = {};
  const required: string[] = [];
  const locations: Record<string, ParamLocation> = {};
  const own = Array.isArray(op.parameters) ? op.parameters : [];
  // An operation's own parameter replaces a path-level one of the same name and place.
  const byKey = new Map<string, Json>();
  for (const p of [...shared, ...own]) {
    if (isObject(p) && typeof p.name === 'string' && typeof p.in === 'string')
      byKey.set(`${p.in}:${p.name}`, p);
  }
  for (const p of byKey.values()) {
    const where = p.in as string;
    if (where !== 'path' && where !== 'query' && where !== 'header') continue; // cookies are not sent
    const pname = p.name as string;
    properties[pname] = {
      ...(isObject(p.schema) ? p.schema : { type: 'string' }),
      ...(typeof p.description === 'string' ? { description: p.description } : {}),
    };
    locations[pname] = where;
    if (p.required === true || where === 'path') required.push(pname);
  }

  let wholeBody = false;
  const body = isObject(op.requestBody) ? op.requestBody : undefined;
  const content = body && isObject(body.content) ? body.content : undefined;
  const json = content
    ? Object.entries(content).find(([type]) => /^application\/(.+\+)?json\b/i.test(type))?.[1]
    : undefined;
  if (isObject(json) && isObject(json.schema)) {
    const schema = json.schema;
    if (isObject(schema.properties)) {
      for (const [prop, s] of Object.entries(schema.properties)) {
        if (prop in locations) continue;
        properties[prop] = s;
        locations[prop] = 'body';
      }
      if (Array.isArray(schema.required)) {
        for (const r of schema.required)
          if (typeof r === 'string' && locations[r] === 'body') required.push(r);
      }
    } else {
      wholeBody = true;
      properties.body = schema;
      locations.body = 'body';
      if (body?.required === true) required.push('body');
    }
  }

  const description = [op.summary, op.description].find((d) => typeof d === 'string' && d.trim()) as
    string | undefined;
  return {
    name,
    description: (description ?? `${method.toUpperCase()} ${path}`).slice(0, 1024),
    method: method.toUpperCase(),
    path,
    parameters: {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required: [...new Set(required)] } : {}),
    },
    locations,
    wholeBody,
  };
}
