import { MEMORY_LIMITS, MEMORY_TOOLS, type MemoryConfig } from '@chat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderRegistry } from '../../providers/registry.js';
import type { ProviderMessage, ProviderTool, ProviderToolCall } from '../../providers/types.js';
import type { AskReplied, RepliedTurn } from '../ask/index.js';
import { memoryLines } from './prompt.js';
import type { MemoriesService } from './service.js';

/** The tools the memory agent may call (LibreChat's names and arguments). */
const TOOLS: ProviderTool[] = [
  {
    name: MEMORY_TOOLS.set,
    description: 'Save a fact about the user under a key, or replace the value kept under that key.',
    parameters: {
      type: 'object',
      properties: {
        key: { type: 'string', description: 'A short key in lowercase words joined by underscores.' },
        value: { type: 'string', description: 'The fact to remember, in a sentence or two.' },
      },
      required: ['key', 'value'],
      additionalProperties: false,
    },
  },
  {
    name: MEMORY_TOOLS.delete,
    description: 'Forget the memory kept under a key (it is wrong, out of date, or the user asked).',
    parameters: {
      type: 'object',
      properties: { key: { type: 'string', description: 'The key of the memory to forget.' } },
      required: ['key'],
      additionalProperties: false,
    },
  },
];

const INSTRUCTIONS =
  'You keep the memory of an assistant about the person it talks with. Read the latest messages of ' +
  'their conversation and decide whether anything in them is worth remembering for later ' +
  'conversations: who they are, their preferences, their ongoing work, what they asked to be ' +
  `remembered. Call ${MEMORY_TOOLS.set} for each such fact (an existing key to correct it) and ` +
  `${MEMORY_TOOLS.delete} for what they asked to forget or what turned out wrong. Keep passing ` +
  'details, questions and the assistant’s own words out of memory. When nothing is worth ' +
  'keeping, call no tool.';

/** The text of one prompt message, cut to what the agent reads of it. */
function textOf(m: ProviderMessage): string {
  const text =
    typeof m.content === 'string'
      ? m.content
      : m.content.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
  return text.slice(0, MEMORY_LIMITS.agentMessageMaxChars);
}

/** The conversation's last `size` messages (the reply included) as a transcript. */
function transcriptOf(turn: Pick<RepliedTurn, 'request' | 'replyText'>, size: number): string {
  const said = turn.request.messages.flatMap((m) =>
    m.role === 'user' || m.role === 'assistant' ? [{ who: m.role, text: textOf(m) }] : [],
  );
  said.push({ who: 'assistant', text: turn.replyText.slice(0, MEMORY_LIMITS.agentMessageMaxChars) });
  return said
    .filter((m) => m.text.trim() !== '')
    .slice(-size)
    .map((m) => `${m.who === 'user' ? 'User' : 'Assistant'}: ${m.text}`)
    .join('\n\n');
}

/** The agent's system message: its instructions, the rules of this server, what is kept now. */
function systemOf(config: MemoryConfig, kept: string): string {
  const rules = [
    config.agent?.instructions ?? INSTRUCTIONS,
    config.validKeys ? `Only these keys may be used: ${config.validKeys.join(', ')}.` : '',
    config.tokenLimit !== undefined
      ? `All memories together may hold at most ${config.tokenLimit} tokens.`
      : '',
    `# Existing memory about the user:\n${kept || '(none yet)'}`,
  ];
  return rules.filter(Boolean).join('\n\n');
}

/** A call's arguments, when they are the JSON object the tool takes. */
function argsOf(call: ProviderToolCall): { key?: unknown; value?: unknown } | null {
  try {
    const args: unknown = JSON.parse(call.arguments || '{}');
    return args !== null && typeof args === 'object' && !Array.isArray(args)
      ? (args as { key?: unknown; value?: unknown })
      : null;
  } catch {
    return null;
  }
}

/**
 * The memory agent (librechat.yaml `memory.agent`): after each finished reply of a person whose
 * memories are in use, one completion of the configured model over the conversation's last
 * `messageWindowSize` messages, offered set_memory and delete_memory. Each call is applied
 * through the same rules as the person's own writes (validKeys, charLimit, tokenLimit); a call
 * those refuse is dropped. The preference is read again before anything is kept, so turning it
 * off while the agent runs keeps nothing.
 */
export function memoryAgent(deps: {
  memories: MemoriesService;
  providers: ProviderRegistry;
  config: () => MemoryConfig | undefined;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}): AskReplied {
  const { memories, providers, log } = deps;
  return {
    name: 'memory agent',
    async replied(turn) {
      const config = deps.config();
      const agent = config?.agent;
      if (!config || !agent || !(await memories.inUse(turn.userId))) return;
      const kept = memoryLines(await memories.forPrompt(turn.userId));
      const provider = await providers.provider(providers.endpoint(agent.provider), turn.userId);
      const completion = await provider.complete(
        {
          model: agent.model,
          messages: [
            { role: 'system', content: systemOf(config, kept) },
            {
              role: 'user',
              content: `The latest messages:\n\n${transcriptOf(turn, config.messageWindowSize)}`,
            },
          ],
          params: agent.params,
          tools: TOOLS,
          toolChoice: 'auto',
        },
        AbortSignal.timeout(deps.timeoutMs ?? MEMORY_LIMITS.agentTimeoutMs),
      );
      const calls = completion.toolCalls.slice(0, MEMORY_LIMITS.agentMaxToolCalls);
      if (calls.length === 0 || !(await memories.inUse(turn.userId))) return;
      for (const call of calls) {
        const args = argsOf(call);
        const key = typeof args?.key === 'string' ? args.key.trim() : '';
        if (!key) continue;
        try {
          if (call.name === MEMORY_TOOLS.set && typeof args?.value === 'string' && args.value.trim())
            await memories.put(turn.userId, key, args.value.trim());
          else if (call.name === MEMORY_TOOLS.delete) await memories.drop(turn.userId, key);
        } catch (err) {
          // A refused call (a key not allowed, over the limit) is the model's mistake: dropped.
          log.info(
            { err, tool: call.name, conversationId: turn.conversationId },
            'a memory call was refused',
          );
        }
      }
    },
  };
}
