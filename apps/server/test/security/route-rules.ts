import { randomUUID } from 'node:crypto';
import type { RouteRule, SecurityFixture } from '../../src/platform/security-rules.js';
import { FEATURE_SECURITY_RULES } from './feature-rules.js';
import { OPERATOR_EMAIL } from './fixture.js';

export type { RouteRule };

const askBody = (f: SecurityFixture, text: string) => ({
  text,
  conversationId: f.convoId,
  parentMessageId: f.replyMessageId,
  endpoint: 'openAI',
  model: 'gpt-4o-mini',
});
/** A 1×1 PNG, as an upload's multipart body (LibreChat's field order: the file first). */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const pngForm = (field: string, fields: Record<string, string>) => {
  const form = new FormData();
  form.append(field, new Blob([Buffer.from(PIXEL_PNG, 'base64')], { type: 'image/png' }), 'pixel.png');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
};
const blogBody = (slug: string) => ({
  title: 'Probe post',
  slug,
  metaDescription: 'A probe',
  content: 'Probe content',
  status: 'Draft',
});
const signUp = { name: 'Fuzz Person', email: 'fuzz@example.com', password: 'password123' };

const CORE_RULES: Record<string, RouteRule> = {
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
  // No refresh cookie: nobody is signed in, an answer without a session (not a refusal).
  'POST /api/auth/refresh': { access: 'public', anonymous: { status: 204 } },
  'POST /api/auth/logout': { access: 'public', anonymous: { status: 200 } },
  // A browser navigation on to the Google sign-in; here (Google sign-in off) it is not there.
  'GET /api/auth/google': { access: 'public', anonymous: { status: 404 } },
  'GET /api/user': { access: 'user', why: "the caller's own profile" },
  // email verification and password reset: reached signed out (the person follows a mailed link);
  // a token is the only key, and the answers say nothing of whether an account exists
  'POST /api/auth/requestPasswordReset': {
    access: 'public',
    anonymous: { body: {}, status: 400 },
    example: () => ({ body: { email: signUp.email } }),
  },
  'POST /api/auth/resetPassword': {
    access: 'public',
    anonymous: { body: {}, status: 400 },
    example: (f) => ({
      body: {
        token: 'a'.repeat(64),
        userId: f.a.id,
        password: 'password123',
        confirm_password: 'password123',
      },
    }),
  },
  'POST /api/auth/resendConfirmEmail': {
    access: 'public',
    anonymous: { status: 400 },
    example: (f) => ({ query: { userId: f.a.id } }),
  },
  'POST /api/user/emailConfirmation': {
    access: 'public',
    anonymous: { status: 400 },
    example: () => ({ query: { token: 'a'.repeat(64) } }),
  },
  'PUT /api/user': {
    access: 'user',
    why: "changes the caller's own profile: the owner is the token's user, never a body field",
    example: () => ({ body: { username: 'prober' } }),
  },
  'GET /api/user/terms': { access: 'user', why: "the caller's own acceptance of the terms dialog" },
  'POST /api/user/terms/accept': {
    access: 'user',
    why: "records the caller's own acceptance: the user is the token's, never a body field",
  },
  'POST /api/auth/logout/all': {
    access: 'self',
    why: "ends every session of the caller's own account (features/auth tests: another user's live)",
    example: () => ({}),
  },
  'DELETE /api/user': {
    access: 'self',
    why: "deletes the caller's own account (features/account tests: another user's data untouched)",
    example: () => ({ body: { reason: 'Leaving' } }),
  },

  // config
  'GET /api/config': { access: 'public', anonymous: { status: 200 } },
  'GET /api/endpoints': { access: 'user', why: 'the server-wide endpoint list' },
  'GET /api/models': { access: 'user', why: 'the server-wide model list' },
  'GET /api/endpoints/config/override': { access: 'user', why: 'the server-wide endpoint overrides' },
  'GET /api/docs': { access: 'public', anonymous: { status: 200 } },
  'GET /api/plugins': { access: 'user', why: 'the server-wide plugin list (no credentials)' },
  'GET /api/mcp/tools': {
    access: 'user',
    why: 'the configured MCP servers and their tools (never a command, env, address or header)',
  },
  // the caller's own installed plugins: credentials are saved under the caller's id and never
  // answered (features/plugins tests)
  'POST /api/user/plugins': {
    access: 'user',
    why: "installs or uninstalls a plugin for the caller's own account",
    example: () => ({ body: { pluginKey: 'calculator', action: 'install', auth: null } }),
  },

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

  // presets: the caller's own; another user's preset is not found
  'GET /api/presets': { access: 'list', probe: () => ({}) },
  'POST /api/presets': {
    access: 'owner',
    probe: (f) => ({ body: { presetId: f.presetId, title: 'Taken over', endpoint: 'openAI' } }),
  },
  'POST /api/presets/delete': { access: 'owner', probe: (f) => ({ body: { presetId: f.presetId } }) },
  // files: uploads are the caller's own; another user's file is not found, avatars are public
  // under a random name
  'GET /api/files': { access: 'list', probe: () => ({}) },
  'GET /api/files/config': { access: 'user', why: 'the server-wide upload limits' },
  'POST /api/files/images': {
    access: 'user',
    why: "stores a new file of the caller's own",
    example: () => ({ body: pngForm('file', { file_id: crypto.randomUUID(), width: '1', height: '1' }) }),
  },
  'POST /api/files/images/avatar': {
    access: 'user',
    why: "sets the caller's own avatar",
    example: () => ({ body: pngForm('input', { manual: 'true' }) }),
  },
  'DELETE /api/files': { access: 'owner', probe: (f) => ({ body: { files: [{ file_id: f.fileId }] } }) },
  'GET /api/files/download/:file_id': {
    access: 'owner',
    probe: (f) => ({ params: { file_id: f.fileId } }),
    ownerStatus: 200,
  },
  'GET /api/files/avatars/:name': {
    access: 'public',
    anonymous: { params: { name: `${'0'.repeat(32)}.png` }, status: 404 },
  },
  // subscriptions (the suites run the Stripe fake, without the paywall): each acts on the caller's
  // own Stripe customer (a customerId sent is ignored). The webhook is Stripe's: public, and
  // refused without a valid Stripe-Signature.
  'POST /api/payment/createStripeCheckoutSession': {
    access: 'user',
    why: "the caller's own Stripe customer",
    example: () => ({ body: { plan: 'weekly', email: 'fuzz@example.com', fingerprint: 'fp' } }),
  },
  'POST /api/payment/createPortalSession': {
    access: 'user',
    why: "the caller's own Stripe customer",
    example: () => ({ body: { customerId: null } }),
  },
  'POST /api/stripe/create-payment-intent': {
    access: 'user',
    why: "the caller's own Stripe customer",
    example: () => ({
      body: { metadata: { plan_id: 'weekly', plan_name: 'Weekly Access' }, userEmail: 'x@example.com' },
    }),
  },
  'POST /api/stripe/webhook': {
    access: 'public',
    anonymous: { body: { id: 'evt_probe', object: 'event', type: 'invoice.paid' }, status: 400 },
  },
  'GET /api/admin/getSubscriptionHistory': {
    access: 'admin',
    probe: () => ({ query: { email: OPERATOR_EMAIL } }),
  },
  // free tier: public, rate-limited; signs in the device's own free-tier account (none: 404)
  'POST /api/user/checkFreeTier': {
    access: 'public',
    anonymous: { status: 400 },
    example: () => ({ query: { fingerprint: 'f'.repeat(64) } }),
  },
  // the social-media bonus: the caller's own claims only
  'POST /api/user/claimSocialMediaBonus': {
    access: 'user',
    why: "credits the caller's own balance, once per platform",
    example: () => ({ body: { platform: 'x' } }),
  },
  'GET /api/user/socialMediaBonus': { access: 'user', why: "the caller's own claims" },
  // token balance: the caller's own; adjustments are the operator's (ADMIN_EMAIL) only
  'GET /api/balance': { access: 'user', why: "the caller's own balance" },
  'GET /api/premium': { access: 'user', why: "the premium models and the caller's own uses left" },
  'POST /api/user/issueTokens': {
    access: 'admin',
    probe: () => ({ body: { email: OPERATOR_EMAIL, amount: 1, reason: 'probe' } }),
  },
  'POST /api/user/spendTokens': {
    access: 'admin',
    probe: () => ({ body: { email: OPERATOR_EMAIL, amount: 1, reason: 'probe' } }),
  },
  // moderation: the operator's (ADMIN_EMAIL) only; the probe bans no one (no such account: 404)
  'POST /api/admin/banUser': {
    access: 'admin',
    probe: () => ({ body: { email: 'nobody-to-ban@example.com', duration: 60_000 } }),
  },
  'GET /api/admin/getBannedUsers': { access: 'admin', probe: () => ({}) },
  'GET /api/admin/getTopViolationsThisMonth': { access: 'admin', probe: () => ({}) },
  // the error log (features/error-log): the operator's only
  'GET /api/admin/getErrorById/:id': { access: 'admin', probe: () => ({ params: { id: randomUUID() } }) },
  'GET /api/admin/getRecentErrors': { access: 'admin', probe: () => ({ query: { limit: '20', skip: '0' } }) },
  'GET /api/admin/getErrorsByCode/:code': {
    access: 'admin',
    probe: () => ({ params: { code: 'upstream_auth' }, query: { limit: '20', skip: '0' } }),
  },
  // the admin panel (features/admin, features/audit): a probe that changes nothing (no such user)
  'POST /api/admin/unbanUser': {
    access: 'admin',
    probe: () => ({ body: { email: 'nobody-to-unban@example.com' } }),
  },
  'GET /api/admin/getUserActivity': { access: 'admin', probe: () => ({ query: { limit: '10' } }) },
  'POST /api/admin/impersonate': {
    access: 'admin',
    probe: () => ({ body: { email: 'nobody-to-impersonate@example.com' } }),
  },
  'POST /api/admin/endImpersonation': {
    access: 'impersonation',
    why: "ends the caller's impersonation session and answers the operator's own",
  },
  'GET /api/admin/getAuditLog': { access: 'admin', probe: () => ({ query: { limit: '10', skip: '0' } }) },
  'POST /api/admin/2fa/reset': {
    access: 'admin',
    probe: () => ({ body: { email: 'nobody-to-reset@example.com' } }),
  },
  // two-factor authentication (features/two-factor): each route acts on the caller's own account
  // (the token's user), never one named in the request
  'GET /api/auth/2fa/enable': { access: 'user', why: "a new secret for the caller's own account" },
  // A wrong code: 400 (no set-up started, or the code refused); disable and regenerate also
  // succeed for a set-up started and not confirmed (the enable row may have run first)
  'POST /api/auth/2fa/verify': {
    access: 'user',
    why: "checks a code against the caller's own secret",
    example: () => ({ body: { token: '000000' } }),
    answers: [400],
  },
  'POST /api/auth/2fa/confirm': {
    access: 'user',
    why: "turns on the caller's own two-factor authentication",
    example: () => ({ body: { token: '000000' } }),
    answers: [400],
  },
  'POST /api/auth/2fa/disable': {
    access: 'user',
    why: "turns off the caller's own two-factor authentication",
    example: () => ({ body: { token: '000000' } }),
    answers: [200, 400],
  },
  'POST /api/auth/2fa/backup/regenerate': {
    access: 'user',
    why: "new backup codes of the caller's own account",
    example: () => ({ body: { token: '000000' } }),
    answers: [200, 400],
  },
  // the code step of sign-in: the login's short-lived token is the only key (none: 400)
  'POST /api/auth/2fa/verify-temp': {
    access: 'public',
    anonymous: { body: {}, status: 400 },
    example: () => ({ body: { tempToken: 'not-a-token', token: '123456' } }),
  },
  // passkeys: the caller's own; a sign-in's options name nobody, its answer needs the passkey
  'GET /api/auth/passkeys': { access: 'list', probe: () => ({}) },
  'POST /api/auth/passkeys/register/options': {
    access: 'user',
    why: "a registration challenge for the caller's own account",
  },
  'POST /api/auth/passkeys/register': {
    access: 'user',
    why: "keeps a passkey on the caller's own account (its challenge is the caller's)",
    // No authenticator in this suite: a challenge nobody was given is refused.
    example: () => ({ body: { challengeId: randomUUID(), response: { id: 'x' } } }),
    answers: [400],
  },
  'DELETE /api/auth/passkeys/:id': { access: 'owner', probe: (f) => ({ params: { id: f.passkeyId } }) },
  'POST /api/auth/passkeys/login/options': { access: 'public', anonymous: { status: 200 } },
  'POST /api/auth/passkeys/login': {
    access: 'public',
    anonymous: { body: {}, status: 400 },
    example: () => ({ body: { challengeId: randomUUID(), response: { id: 'x' } } }),
  },
  'POST /api/tokenizer': {
    access: 'user',
    why: 'counts the tokens of the text sent',
    example: () => ({ body: { arg: { text: 'How many tokens is this?' } } }),
  },

  // conversations
  // import writes only into the caller's own account (new ids; features/imports tests); a JSON
  // body is refused with 415 (it takes multipart only)
  'POST /api/convos/import': {
    access: 'user',
    why: "imports a file into the caller's own account",
    example: () => ({
      headers: { 'content-type': 'multipart/form-data; boundary=probe' },
      raw: '--probe\r\nContent-Disposition: form-data; name="file"; filename="e.json"\r\n\r\n[]\r\n--probe--\r\n',
    }),
  },
  // an import job is its owner's only: anyone else's id answers 404 (features/imports tests)
  'GET /api/convos/import/jobs/:jobId': {
    access: 'owner',
    probe: (f) => ({ params: { jobId: f.importJobId } }),
    ownerStatus: 200,
  },
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

  // assistants: each is its owner's only (features/assistants tests)
  'GET /api/assistants': { access: 'list', probe: () => ({ query: { limit: '100' } }) },
  'POST /api/assistants': {
    access: 'user',
    why: 'creates an assistant owned by the caller',
    example: () => ({ body: { name: 'Probe', instructions: 'Be brief.', model: 'gpt-4o-mini', tools: [] } }),
  },
  'GET /api/assistants/:id': {
    access: 'owner',
    probe: (f) => ({ params: { id: f.assistantId } }),
    ownerStatus: 200,
  },
  'PATCH /api/assistants/:id': {
    access: 'owner',
    probe: (f) => ({ params: { id: f.assistantId }, body: { description: 'Changed by someone' } }),
    ownerStatus: 200,
  },
  'DELETE /api/assistants/:id': {
    access: 'owner',
    probe: (f) => ({ params: { id: f.assistantId } }),
  },
  'POST /api/assistants/chat': {
    access: 'owner',
    probe: (f) => ({ body: { assistant_id: f.assistantId, text: 'Hello', conversationId: null } }),
    ownerStatus: 200,
  },
  'POST /api/assistants/chat/modify': {
    access: 'owner',
    probe: (f) => ({
      body: {
        assistant_id: f.assistantId,
        text: 'Regenerate it',
        conversationId: f.convoId,
        parentMessageId: f.userMessageId,
        isRegenerate: true,
      },
    }),
    ownerStatus: 200,
  },
  // blog: Approved posts are public; managing needs the WRITER or ADMIN role (users A and B are
  // plain users: 403 before any post is looked up); the role × status cells are in features/blog
  'PUT /api/user/byEmail/:email': {
    access: 'admin',
    probe: () => ({ params: { email: 'nobody@example.com' }, body: { role: 'WRITER' } }),
  },
  'GET /api/me': { access: 'user', why: "the caller's own id and role" },
  'GET /api/blog': { access: 'public', anonymous: { status: 200 } },
  'GET /api/blog/:slug': { access: 'public', anonymous: { params: { slug: 'no-such-post' }, status: 404 } },
  'GET /api/blog/manage/all': { access: 'admin', probe: () => ({}) },
  'GET /api/blog/manage/:id': { access: 'admin', probe: () => ({ params: { id: randomUUID() } }) },
  'POST /api/blog': { access: 'admin', probe: () => ({ body: blogBody(`probe-${randomUUID()}`) }) },
  'PUT /api/blog/manage/:id': {
    access: 'admin',
    probe: () => ({ params: { id: randomUUID() }, body: blogBody(`probe-${randomUUID()}`) }),
  },
  'DELETE /api/blog/manage/:id': { access: 'admin', probe: () => ({ params: { id: randomUUID() } }) },
  // the same operations at the earlier path
  'PUT /api/blog/:id': {
    access: 'admin',
    probe: () => ({ params: { id: randomUUID() }, body: blogBody(`probe-${randomUUID()}`) }),
  },
  'DELETE /api/blog/:id': { access: 'admin', probe: () => ({ params: { id: randomUUID() } }) },
  // featured images: only a WRITER or ADMIN stores one; served to everyone under a random name
  'POST /api/blog/images': { access: 'admin', probe: () => ({ body: pngForm('file', {}) }) },
  // another site's featured image, fetched by the server only for a URL some post names
  'GET /api/blog/images/external': {
    access: 'public',
    anonymous: { query: { url: 'https://images.example/none.png' }, status: 404 },
  },
  'GET /api/blog/images/:name': {
    access: 'public',
    anonymous: { params: { name: `${'0'.repeat(32)}.png` }, status: 404 },
  },
  // bookmarks: each person's own tags; B naming A's tag finds none of his, A's conversation is
  // not found
  'GET /api/tags': { access: 'list', probe: () => ({}) },
  'POST /api/tags': {
    access: 'owner',
    probe: (f) => ({ body: { tag: f.tag, addToConversation: true, conversationId: f.convoId } }),
    ownerStatus: 200,
  },
  'PUT /api/tags/:tag': {
    access: 'owner',
    probe: (f) => ({ params: { tag: f.tag }, body: { description: 'Probe' } }),
    ownerStatus: 200,
  },
  'DELETE /api/tags/:tag': { access: 'owner', probe: (f) => ({ params: { tag: f.tag } }) },
  'PUT /api/tags/convo/:conversationId': {
    access: 'owner',
    probe: (f) => ({ params: { conversationId: f.convoId }, body: { tags: [f.tag] } }),
    ownerStatus: 200,
  },
  // fork and duplicate copy the caller's own conversation into a new one of theirs; someone
  // else's conversation or message is not found
  'POST /api/convos/fork': {
    access: 'owner',
    probe: (f) => ({ body: { conversationId: f.convoId, messageId: f.replyMessageId } }),
    ownerStatus: 200,
  },
  'POST /api/convos/duplicate': {
    access: 'owner',
    probe: (f) => ({ body: { conversationId: f.convoId } }),
    ownerStatus: 201,
  },
  // memories: each person's own facts; B naming A's key finds none of his
  'GET /api/memories': { access: 'list', probe: () => ({}) },
  'POST /api/memories': {
    access: 'user',
    why: "creates a memory of the caller's own (keys are per person)",
    example: () => ({ body: { key: `probe_${randomUUID()}`, value: 'Probe' } }),
  },
  'PATCH /api/memories/preferences': {
    access: 'user',
    why: "the caller's own memory preference",
    example: () => ({ body: { memories: true } }),
  },
  'PATCH /api/memories/:key': {
    access: 'owner',
    probe: (f) => ({ params: { key: f.memoryKey }, body: { value: 'Probe' } }),
    ownerStatus: 200,
  },
  'DELETE /api/memories/:key': { access: 'owner', probe: (f) => ({ params: { key: f.memoryKey } }) },
  // the prompt library: A's private group and its versions are not found by B, whose lists hold
  // nothing of A's (a shared group is read-only to others: features/prompts/prompts.test.ts)
  'GET /api/prompts/groups': { access: 'list', probe: () => ({ query: { pageSize: '100' } }) },
  'GET /api/prompts/all': { access: 'list', probe: () => ({}) },
  'GET /api/prompts/groups/:groupId': {
    access: 'owner',
    probe: (f) => ({ params: { groupId: f.promptGroupId } }),
    ownerStatus: 200,
  },
  'GET /api/prompts': {
    access: 'owner',
    probe: (f) => ({ query: { groupId: f.promptGroupId } }),
    ownerStatus: 200,
  },
  'GET /api/prompts/:promptId': {
    access: 'owner',
    probe: (f) => ({ params: { promptId: f.promptId } }),
    ownerStatus: 200,
  },
  'POST /api/prompts': {
    access: 'owner',
    probe: (f) => ({ body: { prompt: { prompt: 'Probe version', groupId: f.promptGroupId } } }),
    ownerStatus: 200,
  },
  'POST /api/prompts/import': {
    access: 'user',
    why: "makes a new group of the caller's own from the file sent",
    example: () => ({
      body: { version: 1, group: { name: 'Imported probe' }, prompts: [{ prompt: 'Probe', type: 'text' }] },
    }),
  },
  'PATCH /api/prompts/groups/:groupId': {
    access: 'owner',
    probe: (f) => ({ params: { groupId: f.promptGroupId }, body: { oneliner: 'Probe' } }),
    ownerStatus: 200,
  },
  'PATCH /api/prompts/:promptId/tags/production': {
    access: 'owner',
    probe: (f) => ({ params: { promptId: f.promptId } }),
    ownerStatus: 200,
  },
  'DELETE /api/prompts/:promptId': { access: 'owner', probe: (f) => ({ params: { promptId: f.promptId } }) },
  'DELETE /api/prompts/groups/:groupId': {
    access: 'owner',
    probe: (f) => ({ params: { groupId: f.promptGroupId } }),
  },
  // speech through the server's STT and TTS servers: nobody's data, the caller's own words and
  // recording in and out (without a speech block the routes answer 404, as the suites run)
  'POST /api/files/speech/stt': {
    access: 'user',
    why: "transcribes the caller's own recording; nothing is kept",
    example: () => ({
      headers: { 'content-type': 'multipart/form-data; boundary=probe' },
      raw: '--probe\r\nContent-Disposition: form-data; name="audio"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\nRIFF\r\n--probe--\r\n',
    }),
  },
  'POST /api/files/speech/tts': {
    access: 'user',
    why: 'says the text the caller sent; nothing is kept',
    example: () => ({ body: { input: 'Hello there' } }),
  },
  'GET /api/files/speech/tts/voices': { access: 'user', why: "the server's configured voices" },
  'GET /api/files/speech/config/get': { access: 'user', why: "the server's speech settings" },
};

/**
 * Every route's rule: the core's above and each feature's from its own folder. A route with two
 * rules is a mistake the suites would hide (the later one would win): refused here.
 */
export const ROUTE_RULES: Record<string, RouteRule> = { ...CORE_RULES };
for (const rules of FEATURE_SECURITY_RULES) {
  for (const [route, rule] of Object.entries(rules)) {
    if (ROUTE_RULES[route]) throw new Error(`${route} has two security rules`);
    ROUTE_RULES[route] = rule;
  }
}
