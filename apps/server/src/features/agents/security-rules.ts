import type { SecurityRules } from '../../platform/security-rules.js';

/**
 * Who may call the agents routes (the security suites read this): a private agent is its owner's
 * only (404 to anyone else); one shared is usable by others but changed by its owner only
 * (features/agents/agents.test.ts covers the shared cases).
 */
/** A 1×1 PNG as the avatar upload's multipart body. */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const pixelForm = () => {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(PIXEL_PNG, 'base64')], { type: 'image/png' }), 'avatar.png');
  return form;
};

export const securityRules: SecurityRules = {
  'GET /api/agents': { access: 'list', probe: () => ({}) },
  'POST /api/agents': {
    access: 'user',
    why: 'creates an agent owned by the caller',
    example: () => ({
      body: { name: 'Probe', instructions: 'Be brief.', provider: 'openAI', model: 'gpt-4o-mini' },
    }),
  },
  'GET /api/agents/:id': { access: 'owner', probe: (f) => ({ params: { id: f.agentId } }), ownerStatus: 200 },
  'PATCH /api/agents/:id': {
    access: 'owner',
    probe: (f) => ({ params: { id: f.agentId }, body: { description: 'Changed by someone' } }),
    ownerStatus: 200,
  },
  'DELETE /api/agents/:id': { access: 'owner', probe: (f) => ({ params: { id: f.agentId } }) },
  'POST /api/agents/:id/duplicate': {
    access: 'owner',
    probe: (f) => ({ params: { id: f.agentId } }),
    ownerStatus: 200,
  },
  'PUT /api/permissions/agent/:id': {
    access: 'owner',
    probe: (f) => ({ params: { id: f.agentId }, body: { public: false, emails: [] } }),
    ownerStatus: 200,
  },
  'POST /api/files/images/agents/:agent_id/avatar': {
    access: 'owner',
    probe: (f) => ({ params: { agent_id: f.agentId }, body: pixelForm() }),
    ownerStatus: 200,
  },
  'POST /api/agents/chat': {
    access: 'owner',
    probe: (f) => ({ body: { agent_id: f.agentId, text: 'Hello', conversationId: null } }),
    ownerStatus: 200,
  },
};
