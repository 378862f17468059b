import type { RequestSpec } from './client.js';
import type { SecurityFixture } from './fixture.js';

type Probe = (f: SecurityFixture) => RequestSpec;

/**
 * Who may call a route. Every route of the app has exactly one row in ROUTE_RULES; the
 * authorization matrix (authz-matrix.test.ts) fails on a route without a row and on a row without
 * a route, and the fuzz suite uses `example` (or the probe) as the valid request it mutates.
 *
 * - `public`: no token needed. `anonymous` is a request without a token and the status it gets.
 * - `user`: any signed-in user; the route names no one's resource (config, own profile).
 * - `owner`: the route reaches one user's resource named in the request. `probe` names A's
 *   resource; user B sending it gets 404 (never 403: B learns nothing). `ownerStatus` is what A
 *   gets for the same request; leave it out when A's request would destroy the fixture (delete,
 *   stop), whose survival after B's attempts the matrix checks instead.
 * - `list`: answers the caller's own items (lists, search): B's answer contains nothing of A's.
 * - `admin`: a non-admin gets 403, the admin does not get 401/403.
 * Without a token every non-public route answers 401, checked for all of them.
 */
export type RouteRule =
  | { access: 'public'; anonymous: RequestSpec & { status: number }; example?: Probe }
  | { access: 'user'; why: string; example?: Probe }
  | { access: 'owner'; probe: Probe; ownerStatus?: number }
  | { access: 'list'; probe: Probe }
  | { access: 'admin'; probe: Probe };

const askBody = (f: SecurityFixture, text: string) => ({
  text,
  conversationId: f.convoId,
  parentMessageId: f.replyMessageId,
  endpoint: 'openAI',
  model: 'gpt-4o-mini',
});
const signUp = { name: 'Fuzz Person', email: 'fuzz@example.com', password: 'password123' };

export const ROUTE_RULES: Record<string, RouteRule> = {
  // auth
  'POST /api/auth/register': {
    access: 'public',
    anonymous: { body: {}, status: 400 },
    example: () => ({ body: { ...signUp, confirm_password: signUp.password } }),
  },
  'POST /api/auth/login': {
    access: 'public',
    anonymous: { body: {}, status: 400 },
    example: () => ({ body: { email: signUp.email, password: signUp.password } }),
  },
  'POST /api/auth/refresh': { access: 'public', anonymous: { status: 401 } },
  'POST /api/auth/logout': { access: 'public', anonymous: { status: 200 } },
  'GET /api/user': { access: 'user', why: "the caller's own profile" },

  // config
  'GET /api/config': { access: 'public', anonymous: { status: 200 } },
  'GET /api/endpoints': { access: 'user', why: 'the server-wide endpoint list' },
  'GET /api/models': { access: 'user', why: 'the server-wide model list' },
  'GET /api/endpoints/config/override': { access: 'user', why: 'the server-wide endpoint overrides' },
  'GET /api/docs': { access: 'public', anonymous: { status: 200 } },

  // the caller's own provider keys: rows are the caller's by user id, named by endpoint (a name
  // is not a secret; B asking for "openAI" reads and deletes B's own key: features/keys tests)
  'GET /api/keys': {
    access: 'user',
    why: "the caller's own key expiry for an endpoint name",
    example: () => ({ query: { name: 'byok' } }),
  },
  'PUT /api/keys': {
    access: 'user',
    why: "saves the caller's own key",
    example: () => ({
      body: {
        name: 'byok',
        value: 'sk-example',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    }),
  },
  'DELETE /api/keys/:name': {
    access: 'user',
    why: "revokes the caller's own key",
    example: () => ({ params: { name: 'byok' } }),
  },
  'DELETE /api/keys': {
    access: 'user',
    why: "revokes all the caller's own keys",
    example: () => ({ query: { all: 'true' } }),
  },

  // model configs: the operator's (ADMIN_EMAIL) only
  'GET /api/model-configs/:name': {
    access: 'admin',
    probe: () => ({ params: { name: 'gpt-4o-mini' } }),
  },
  'PATCH /api/model-configs/:name': {
    access: 'admin',
    probe: () => ({ params: { name: 'gpt-4o-mini' }, body: { jailbreakPrompt: '' } }),
  },

  // conversations
  'GET /api/convos': { access: 'list', probe: () => ({ query: { pageNumber: '1' } }) },
  'GET /api/convos/:id': {
    access: 'owner',
    probe: (f) => ({ params: { id: f.convoId } }),
    ownerStatus: 200,
  },
  'POST /api/convos/update': {
    access: 'owner',
    probe: (f) => ({ body: { arg: { conversationId: f.convoId, title: 'Renamed by someone' } } }),
    ownerStatus: 200,
  },
  'POST /api/convos/clear': {
    access: 'owner',
    probe: (f) => ({ body: { arg: { conversationId: f.convoId } } }),
  },
  'POST /api/convos/gen_title': {
    access: 'owner',
    probe: (f) => ({ body: { conversationId: f.convoId } }),
    ownerStatus: 200,
  },

  // messages
  'GET /api/messages/:conversationId': {
    access: 'owner',
    probe: (f) => ({ params: { conversationId: f.convoId } }),
    ownerStatus: 200,
  },
  'PUT /api/messages/:conversationId/:messageId': {
    access: 'owner',
    probe: (f) => ({
      params: { conversationId: f.convoId, messageId: f.userMessageId },
      body: { text: 'Edited by someone' },
    }),
    ownerStatus: 200,
  },

  // search
  'GET /api/search': { access: 'list', probe: (f) => ({ query: { q: f.marker } }) },
  'GET /api/search/enable': { access: 'user', why: 'whether search is available' },

  // ask, edit, stop, resume
  'POST /api/ask/:endpoint': {
    access: 'owner',
    probe: (f) => ({ params: { endpoint: 'openAI' }, body: askBody(f, 'Continue it') }),
    ownerStatus: 200,
  },
  'POST /api/edit/:endpoint': {
    access: 'owner',
    probe: (f) => ({
      params: { endpoint: 'openAI' },
      body: { ...askBody(f, 'Regenerate it'), parentMessageId: f.userMessageId, isRegenerate: true },
    }),
    ownerStatus: 200,
  },
  'POST /api/ask/:endpoint/abort': {
    access: 'owner',
    probe: (f) => ({ params: { endpoint: 'openAI' }, body: { abortKey: f.runningConvoId } }),
  },
  'POST /api/edit/:endpoint/abort': {
    access: 'owner',
    probe: (f) => ({ params: { endpoint: 'openAI' }, body: { abortKey: f.runningConvoId } }),
  },
  'GET /api/ask/stream/:conversationId': {
    access: 'owner',
    probe: (f) => ({ params: { conversationId: f.runningConvoId } }),
    ownerStatus: 200,
  },
};
