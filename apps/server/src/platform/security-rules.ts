/**
 * What the security suites (apps/server/test/security) need to know of a route: who may call it
 * and a request that reaches one person's resource. A feature declares its routes' rules beside
 * them, in `features/<name>/security-rules.ts` (a plain data module: only the suites import it,
 * through their one list, test/security/feature-rules.ts; no app code does, so no build holds it).
 * The core's routes keep theirs in test/security/route-rules.ts. Types only: nothing here runs.
 */

/** A request on a route pattern: values for its params, a query, a JSON (or FormData) body, extra headers. */
export interface RequestSpec {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body sent as it is (with its content type in `headers`), e.g. multipart; instead of `body`. */
  raw?: string;
  headers?: Record<string, string>;
}

export interface Actor {
  id: string;
  token: string;
  /** The refresh cookie pair (`refreshToken=…`). */
  cookie: string;
}

/** What the security suites build on: an admin, user A with data, user B with none of A's. */
export interface SecurityFixture {
  admin: Actor;
  a: Actor;
  b: Actor;
  /** A's finished conversation (with a generated title) and its two messages. */
  convoId: string;
  title: string;
  userMessageId: string;
  replyMessageId: string;
  /** The texts of those two messages. */
  texts: [string, string];
  /** A's conversation whose reply is still being generated (the upstream hangs) until teardown. */
  runningConvoId: string;
  /** A's preset (its title holds the marker). */
  presetId: string;
  /** A's uploaded image (its file name holds the marker). */
  fileId: string;
  /** A's document uploaded for file search. */
  searchFileId: string;
  /** A's assistant (its name holds the marker). */
  assistantId: string;
  /** A's private agent (its name holds the marker). */
  agentId: string;
  /** A's import job (its one conversation's title holds the marker). */
  importJobId: string;
  /** A's shared link of convoId. */
  shareId: string;
  /** A's bookmark, on convoId (its name holds the marker). */
  tag: string;
  /** A's memory's key (it holds the marker); kept only where the app has memory on. */
  memoryKey: string;
  /** A's private prompt group (its name and text hold the marker) and its one version. */
  promptGroupId: string;
  promptId: string;
  /** A's passkey (its name holds the marker), written straight to the database. */
  passkeyId: string;
  /** A word only A's data contains (search and list probes look for it). */
  marker: string;
  /** Authorization headers of validly signed tokens whose session ended (tokens.ts). */
  ended: Record<string, string>;
}

type Probe = (f: SecurityFixture) => RequestSpec;

/**
 * Who may call a route. Every route of the app has exactly one row in ROUTE_RULES; the
 * authorization matrix (authz-matrix.test.ts) fails on a route without a row and on a row without
 * a route, and the fuzz suite uses `example` (or the probe) as the valid request it mutates.
 *
 * - `public`: no token needed. `anonymous` is a request without a token and the status it gets.
 * - `user`: any signed-in user; the route names no one's resource (config, own profile). Its
 *   example succeeds, or gets one of `answers` (a state no fixture user is in).
 * - `owner`: the route reaches one user's resource named in the request. `probe` names A's
 *   resource; user B sending it gets 404 (never 403: B learns nothing). `ownerStatus` is what A
 *   gets for the same request; leave it out when A's request would destroy the fixture (delete,
 *   stop), whose survival after B's attempts the matrix checks instead.
 * - `list`: answers the caller's own items (lists, search): B's answer contains nothing of A's.
 * - `admin`: a non-admin gets 403, the admin does not get 401/403.
 * - `impersonation`: only an impersonation session (features/admin) may call it: a user's and the
 *   admin's own sessions get 403 (the admin tests run one in features/admin/admin.test.ts).
 * - `self`: ends the caller's own account. The suites send it only as a throwaway user made for
 *   it (never as the fixture's users), and check that it ended that account and nobody else's.
 * Without a token every non-public route answers 401, checked for all of them.
 */
export type RouteRule =
  | { access: 'public'; anonymous: RequestSpec & { status: number }; example?: Probe }
  | {
      access: 'user';
      why: string;
      example?: Probe;
      /**
       * The statuses the example may get when it cannot succeed for any fixture user (a code of
       * a two-factor secret none of them has): never a refusal of who the caller is.
       */
      answers?: readonly number[];
    }
  | { access: 'owner'; probe: Probe; ownerStatus?: number }
  | { access: 'list'; probe: Probe }
  | { access: 'admin'; probe: Probe }
  | { access: 'impersonation'; why: string; example?: Probe }
  | { access: 'self'; why: string; example: Probe };

/** A feature's rules: one entry per route, keyed `METHOD /pattern` as the route table has it. */
export type SecurityRules = Record<string, RouteRule>;
