import type { SecurityRules } from '../../platform/security-rules.js';

/** A spec whose server is a public address literal: saved without any lookup. */
const PROBE_SPEC = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'Probe', version: '1' },
  servers: [{ url: 'https://8.8.8.8' }],
  paths: { '/probe': { get: { operationId: 'probe', summary: 'Probe' } } },
});

/**
 * Who may call the actions routes (the security suites read this): an agent's actions are its
 * owner's to change (404 to anyone who cannot see the agent; features/actions/actions.test.ts
 * covers the 403 of someone it is shared with), and the list holds the caller's own only.
 */
export const securityRules: SecurityRules = {
  // The fixture's actions hold no marker to look for: actions.test.ts checks another user's list is empty.
  'GET /api/agents/actions': { access: 'user', why: "lists the actions of the caller's own agents only" },
  'POST /api/agents/actions/:agent_id': {
    access: 'owner',
    probe: (f) => ({
      params: { agent_id: f.agentId },
      body: {
        functions: [{ type: 'function', function: { name: 'probe' } }],
        metadata: { domain: '8.8.8.8', raw_spec: PROBE_SPEC, auth: { type: 'none' } },
      },
    }),
    ownerStatus: 200,
  },
  'DELETE /api/agents/actions/:agent_id/:action_id': {
    access: 'owner',
    probe: (f) => ({ params: { agent_id: f.agentId, action_id: 'probeActionId' } }),
  },
};
