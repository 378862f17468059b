/**
 * Actions, as LibreChat names them: an OpenAPI 3 description of an HTTP API whose operations an
 * agent's model may call as tools. Zod-free: limits and fixed texts; the schemas and route rows
 * are in actions-schemas.ts.
 */

/** LibreChat's delimiter between a function's name and its action's domain in an agent's `actions`. */
export const ACTION_DELIMITER = '_action_';

/** The auth kinds of LibreChat's action metadata; OAuth is refused here. */
export const ACTION_AUTH_TYPES = ['none', 'service_http', 'oauth'] as const;
export type ActionAuthType = (typeof ACTION_AUTH_TYPES)[number];

/** How an API key is sent: `Authorization: Basic|Bearer …`, or a header the owner names. */
export const ACTION_AUTHORIZATION_TYPES = ['basic', 'bearer', 'custom'] as const;
export type ActionAuthorizationType = (typeof ACTION_AUTHORIZATION_TYPES)[number];

export const ACTION_LIMITS = {
  /** The spec as pasted (JSON or YAML). */
  specMaxChars: 200_000,
  /** Operations one spec may turn into tools. */
  maxFunctions: 64,
  /** Actions one agent may have. */
  maxPerAgent: 16,
  apiKeyMaxChars: 4096,
  domainMaxChars: 512,
  /** LibreChat's action ids are nanoids; accepted up to this length. */
  idMaxChars: 64,
  /** Local `$ref`s followed at most, one inside another (a spec that loops is cut there). */
  refDepthMax: 32,
  /** One call to the described API: time and response size. */
  callTimeoutMs: 30_000,
  callMaxResponseBytes: 2 * 1024 * 1024,
} as const;

/** Action ids as LibreChat makes them (a nanoid), and what the routes accept. */
export const ACTION_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The English texts of the actions' refusals (the API's `message`). */
export const ACTION_TEXTS = {
  domainNotAllowed: 'Domain not allowed',
  noFunctions: 'No functions provided',
  noDomain: 'No domain provided',
  domainMismatch: "The domain does not match the spec's server",
  oauthUnsupported: 'OAuth actions are not supported on this server: use an API key or no auth',
  apiKeyRequired: 'An API key is required for this auth type',
  customHeaderRequired: 'A custom auth header name is required',
  invalidSpec: 'Invalid OpenAPI spec',
  notFound: 'Action not found',
  tooMany: 'This agent has as many actions as it may have: delete one first',
  nameTaken: 'Another action of this agent already has an operation of this name',
  deleted: 'Action deleted successfully',
} as const;
