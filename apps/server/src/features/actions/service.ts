import { randomInt } from 'node:crypto';
import {
  ACTION_LIMITS,
  ACTION_TEXTS,
  AGENTS_CONFIG_TEXTS,
  type Action,
  type ActionAuth,
  type Agent,
  type SaveActionRequest,
} from '@chat/contract';
import { AppError } from '../../platform/errors.js';
import { seal, unseal } from '../../platform/seal.js';
import type { AgentTool } from '../ask/index.js';
import type { AgentsService } from '../agents/index.js';
import type { AgentRow } from '../agents/schema.js';
import type { AgentsConfig } from '../../config/agents-yaml.js';
import type { AgentActionRow } from './schema.js';
import { presentAction } from './presenter.js';
import { callOperation } from './call.js';
import { isActionDomainAllowed, originWithPort, parseDomainSpec } from './domains.js';
import { parseOpenApiSpec, SpecError, type ParsedSpec } from './openapi.js';
import type { ActionFields, ActionsRepo } from './repo.js';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** LibreChat's action id: a 21-character nanoid. */
function newActionId(): string {
  let id = '';
  for (let i = 0; i < 21; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
  return id;
}

const invalid = (path: string, message: string) =>
  new AppError('validation_error', message, [{ path, message }]);
const notFound = () => new AppError('not_found', ACTION_TEXTS.notFound);

/** The associated data a sealed key is bound to: the action it belongs to. */
const keyContext = (actionId: string) => `action\n${actionId}`;

/** The auth as stored: LibreChat's fields for the kind chosen, nothing of OAuth. */
function storedAuth(auth: ActionAuth): ActionAuth {
  if (auth.type !== 'service_http') return { type: 'none' };
  const kind = auth.authorization_type ?? 'bearer';
  return {
    type: 'service_http',
    authorization_type: kind,
    ...(kind === 'custom' ? { custom_auth_header: auth.custom_auth_header } : {}),
  };
}

function parsed(raw: string): ParsedSpec {
  try {
    return parseOpenApiSpec(raw);
  } catch (err) {
    if (err instanceof SpecError)
      throw invalid('metadata.raw_spec', `${ACTION_TEXTS.invalidSpec}: ${err.message}`);
    throw err;
  }
}

/**
 * Agents' actions. Only an agent's owner adds, changes or deletes them (403 when the agent is
 * only shared with the caller, 404 when they cannot see it); anyone who may use the agent chats
 * with its actions, which call the API with the owner's stored auth. The domain is checked
 * against `actions.allowedDomains` when saved and again at every call.
 */
export function createActionsService(deps: {
  repo: ActionsRepo;
  agents: AgentsService;
  credsKey: Uint8Array;
  allowedDomains: () => readonly string[] | undefined;
  /** librechat.yaml `endpoints.agents`: the builder on, and which capabilities agents have. */
  agentsConfig: () => Pick<AgentsConfig, 'disableBuilder' | 'capabilities'>;
}) {
  const { repo } = deps;
  const offered = () => deps.agentsConfig().capabilities.includes('actions');
  /** Adding or removing an action is the builder's work, and needs the `actions` capability. */
  const editable = () => {
    const config = deps.agentsConfig();
    if (config.disableBuilder) throw new AppError('forbidden', AGENTS_CONFIG_TEXTS.builderDisabled);
    if (!offered()) throw new AppError('forbidden', AGENTS_CONFIG_TEXTS.capabilityOff('Actions', 'actions'));
  };
  const domainAllowed = (url: URL) => isActionDomainAllowed(originWithPort(url), deps.allowedDomains());
  // A spec is read again only when its action changed.
  const specs = new Map<string, { at: number; spec: ParsedSpec }>();
  const specOf = (row: AgentActionRow): ParsedSpec => {
    const at = row.updatedAt.getTime();
    const cached = specs.get(row.id);
    if (cached?.at === at) return cached.spec;
    const spec = parseOpenApiSpec(row.rawSpec);
    specs.set(row.id, { at, spec });
    return spec;
  };

  return {
    async list(userId: string): Promise<Action[]> {
      return (await repo.ofUser(userId)).map(presentAction);
    },

    async save(userId: string, agentId: string, body: SaveActionRequest): Promise<[Agent, Action]> {
      const agent = await deps.agents.owned(userId, agentId);
      editable();
      const { metadata } = body;
      if (body.functions.length === 0) throw invalid('functions', ACTION_TEXTS.noFunctions);
      if (metadata.auth.type === 'oauth') throw invalid('metadata.auth.type', ACTION_TEXTS.oauthUnsupported);
      const auth = storedAuth(metadata.auth);
      if (auth.authorization_type === 'custom' && !auth.custom_auth_header) {
        throw invalid('metadata.auth.custom_auth_header', ACTION_TEXTS.customHeaderRequired);
      }

      const spec = parsed(metadata.raw_spec);
      const given = parseDomainSpec(metadata.domain);
      if (!given || given.wildcard) throw invalid('metadata.domain', ACTION_TEXTS.noDomain);
      if (given.hostname !== spec.serverUrl.hostname.replace(/^www\./, '')) {
        throw invalid('metadata.domain', `${ACTION_TEXTS.domainMismatch} (${spec.serverUrl.hostname})`);
      }
      if (!(await domainAllowed(spec.serverUrl))) {
        throw invalid('metadata.domain', `${ACTION_TEXTS.domainNotAllowed}: ${spec.serverUrl.hostname}`);
      }

      const existing = body.action_id ? await repo.one(agentId, body.action_id) : undefined;
      if (body.action_id && !existing) {
        // An id of another agent's action is not this agent's to take over.
        if (await repo.exists(body.action_id)) throw notFound();
      }
      const siblings = (await repo.ofAgentList(agentId)).filter((a) => a.id !== body.action_id);
      if (!existing && siblings.length >= ACTION_LIMITS.maxPerAgent) {
        throw new AppError('conflict', ACTION_TEXTS.tooMany);
      }
      const names = spec.operations.map((o) => o.name);
      const taken = new Set([...agent.tools, ...siblings.flatMap((a) => a.functions)]);
      const clash = names.find((n) => taken.has(n));
      if (clash) throw invalid('metadata.raw_spec', `${ACTION_TEXTS.nameTaken}: ${clash}`);

      const id = existing?.id ?? body.action_id ?? newActionId();
      let apiKey: string | null = null;
      if (auth.type === 'service_http') {
        if (metadata.api_key) apiKey = seal(metadata.api_key, deps.credsKey, keyContext(id));
        else if (existing?.apiKey && existing.auth.type === 'service_http') apiKey = existing.apiKey;
        else throw invalid('metadata.api_key', ACTION_TEXTS.apiKeyRequired);
      }
      const fields: ActionFields = {
        domain: spec.serverUrl.hostname,
        rawSpec: metadata.raw_spec,
        auth,
        apiKey,
        privacyPolicyUrl: metadata.privacy_policy_url ?? null,
        functions: names,
      };
      const row = existing
        ? await repo.update(agentId, id, fields)
        : await repo.insert(agent.userId, agentId, id, fields);
      if (!row) throw notFound();
      return [await deps.agents.get(userId, agentId), presentAction(row)];
    },

    async remove(userId: string, agentId: string, actionId: string): Promise<{ message: string }> {
      await deps.agents.owned(userId, agentId);
      editable();
      if (!(await repo.remove(agentId, actionId))) throw notFound();
      specs.delete(actionId);
      return { message: ACTION_TEXTS.deleted };
    },

    /**
     * The agent's actions as tools, each call made with the owner's stored auth. A spec stored
     * that no longer reads (it cannot, unless the database was edited) gives no tools.
     */
    async tools(agent: AgentRow): Promise<AgentTool[]> {
      const out: AgentTool[] = [];
      // Without the capability, agents run without their actions (kept, for when it returns).
      if (!offered()) return out;
      for (const row of await repo.ofAgentList(agent.id)) {
        let spec: ParsedSpec;
        try {
          spec = specOf(row);
        } catch {
          continue;
        }
        for (const op of spec.operations) {
          // A plugin chosen later under the same name keeps it: the model calls each name once.
          if (agent.tools.includes(op.name) || out.some((t) => t.name === op.name)) continue;
          out.push({
            name: op.name,
            label: `${op.name} (${row.domain})`,
            description: op.description,
            parameters: op.parameters,
            run: async (args, signal) => {
              const apiKey = row.apiKey ? unseal(row.apiKey, deps.credsKey, keyContext(row.id)) : null;
              if (row.apiKey && apiKey === null)
                throw new Error("The action's key cannot be read: its owner saves it again");
              const input =
                typeof args === 'object' && args !== null && !Array.isArray(args)
                  ? (args as Record<string, unknown>)
                  : {};
              const output = await callOperation(
                spec.serverUrl,
                op,
                input,
                { auth: row.auth, apiKey },
                deps.allowedDomains(),
                signal,
              );
              return { output };
            },
          });
        }
      }
      return out;
    },
  };
}
export type ActionsService = ReturnType<typeof createActionsService>;
