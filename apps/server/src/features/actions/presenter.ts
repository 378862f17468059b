import type { Action } from '@chat/contract';
import type { AgentActionRow } from './schema.js';

/** An action as its owner reads it: never its key, only whether one is stored. */
export function presentAction(row: AgentActionRow): Action {
  return {
    action_id: row.id,
    agent_id: row.agentId,
    type: 'action_prototype',
    metadata: {
      domain: row.domain,
      raw_spec: row.rawSpec,
      auth: row.auth,
      ...(row.privacyPolicyUrl ? { privacy_policy_url: row.privacyPolicyUrl } : {}),
      api_key_set: row.apiKey !== null,
    },
    functions: row.functions,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
