import { PLUGIN_LIMITS, SELF_REFLECTION, type PluginState, type PluginsEvent } from '@chat/contract';
import type { FastifyBaseLogger } from 'fastify';
import type {
  ProviderMessage,
  ProviderRequest,
  ProviderTool,
  ProviderToolCall,
} from '../../../providers/types.js';
import { filteredProvider } from '../../../providers/event-push.js';
import type { ReplySink } from '../stream-sink.js';
import { streamReply, type Outcome } from './stream-reply.js';
import type { AgentPlan, AgentTool, Turn } from './types.js';

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The arguments the model wrote, parsed (a malformed text goes to the tool as it is). */
function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The per-call deadline and the reply's signal together. */
function callSignal(signal: AbortSignal): AbortSignal {
  return AbortSignal.any([signal, AbortSignal.timeout(PLUGIN_LIMITS.toolTimeoutMs)]);
}

interface StepResult {
  text: string;
  calls: ProviderToolCall[];
  outcome: Outcome;
}

/**
 * One model turn: its text (handed to `live`, which adds it to the reply, when the turn is the
 * reply's), its tool calls, how it ended.
 */
async function step(
  turn: Pick<Turn, 'provider'>,
  request: ProviderRequest,
  signal: AbortSignal,
  live: ((text: string) => void) | null,
  log: FastifyBaseLogger,
): Promise<StepResult> {
  let text = '';
  const calls: ProviderToolCall[] = [];
  // `live` adds the text to the reply (the turn is the reply's); otherwise it goes nowhere.
  // The calls come as events beside the text; streamReply relays the text and the end.
  const provider = filteredProvider(turn.provider, (emit) => ({
    event(ev) {
      if (ev.type === 'tool-call') calls.push(ev.call);
      if (ev.type === 'text') text += ev.text;
      emit(ev);
    },
    end() {},
  }));
  const sink = { delta: live ?? (() => {}) };
  const outcome = await streamReply({ provider, upstream: request }, sink, signal, log);
  return { text, calls, outcome };
}

/**
 * The reply of an agent (chosen plugins and MCP tools, on an endpoint whose models call tools):
 * the model is offered them as tools; each call it
 * makes is run, shown as a display state (Using X... / Used X, and I'm thinking... /
 * Finished for the agent's own steps between), and answered on the next request, for at most
 * `maxSteps` model turns, the last of which is offered no tools so that it answers. With
 * skipCompletion the agent's text is the reply as it streams; otherwise the agent's steps are
 * kept in the display states and one more completion on the conversation's model writes the
 * reply. Attachments (generated images) follow the answer. Never rejects.
 */
export async function runAgent(
  turn: Pick<Turn, 'provider' | 'upstream'>,
  plan: AgentPlan,
  sink: Pick<ReplySink, 'delta' | 'event'>,
  signal: AbortSignal,
  log: FastifyBaseLogger,
  onPlugins: (plugins: PluginState[]) => void,
): Promise<Outcome> {
  const plugins: PluginState[] = [];
  const publish = () => {
    const list = plugins.map((p) => ({ ...p, inputs: [...p.inputs] }));
    onPlugins(list);
    const event: PluginsEvent = { plugins: list, plugin: list.at(-1) ?? null };
    sink.event(event);
  };
  const byName = new Map<string, AgentTool>(plan.tools.map((t) => [t.name, t]));
  const tools: ProviderTool[] = plan.tools.map((t) => ({
    name: t.name,
    description: t.description,
    parameters: t.parameters,
  }));
  const messages: ProviderMessage[] = [...turn.upstream.messages];
  const attachments: string[] = [];
  // The reply's text so far, and a paragraph break owed before the next turn's first words.
  let streamed = false;
  let owed = '';
  const live = (text: string) => {
    if (!text) return;
    const piece = owed + text;
    owed = '';
    streamed = true;
    sink.delta(piece);
  };
  let outputTokens = 0;
  let answered: Outcome | undefined;

  for (let n = 0; n < plan.maxSteps; n++) {
    const last = n === plan.maxSteps - 1;
    let reflection: PluginState | undefined;
    if (n > 0) {
      if (streamed) owed = '\n\n';
      reflection = {
        pluginKey: SELF_REFLECTION,
        latest: SELF_REFLECTION,
        loading: true,
        inputs: [],
        outputs: null,
      };
      plugins.push(reflection);
      publish();
    }
    // The turn's request as it is (its placeholder values included), the agent's model, tools.
    const request: ProviderRequest = {
      ...turn.upstream,
      model: plan.model,
      messages,
      params: plan.params,
      ...(last ? {} : { tools }),
    };
    const r = await step(turn, request, signal, plan.skipCompletion ? live : null, log);
    if (reflection) {
      reflection.loading = false;
      reflection.outputs = r.text ? cut(r.text, PLUGIN_LIMITS.displayMaxChars) : null;
      publish();
    }
    if (r.outcome.kind !== 'finish') return r.outcome;
    outputTokens += r.outcome.outputTokens ?? 0;
    if (r.calls.length === 0) {
      answered = { ...r.outcome, outputTokens };
      break;
    }

    messages.push({ role: 'assistant', content: r.text, toolCalls: r.calls });
    for (const call of r.calls) {
      const tool = byName.get(call.name);
      const state: PluginState = {
        pluginKey: call.name,
        latest: tool?.label ?? call.name,
        loading: true,
        inputs: [{ inputStr: cut(call.arguments, PLUGIN_LIMITS.displayMaxChars) }],
        outputs: null,
      };
      plugins.push(state);
      publish();
      let output: string;
      try {
        if (!tool) throw new Error(`There is no tool named ${call.name}`);
        const result = await tool.run(parseArguments(call.arguments), callSignal(signal));
        output = result.output;
        if (result.attachment) attachments.push(result.attachment);
        if (result.display) Object.assign(state, result.display);
      } catch (err) {
        if (signal.aborted) return { kind: 'abort' };
        output = `Error: ${err instanceof Error ? err.message : String(err)}`;
        state.error = true;
        log.info({ tool: call.name, err }, 'a plugin failed');
      }
      state.loading = false;
      state.outputs = cut(output, PLUGIN_LIMITS.displayMaxChars);
      publish();
      messages.push({
        role: 'tool',
        toolCallId: call.id,
        toolName: call.name,
        content: cut(output, PLUGIN_LIMITS.toolOutputMaxChars),
      });
    }
    if (signal.aborted) return { kind: 'abort' };
  }

  let outcome: Outcome = answered ?? { kind: 'finish', finishReason: 'stop', outputTokens };
  if (!plan.skipCompletion) {
    // The conversation's own model and parameters write the reply from what the agent found.
    const completion = await streamReply(
      { provider: turn.provider, upstream: { ...turn.upstream, messages } },
      sink,
      signal,
      log,
    );
    if (completion.kind !== 'finish') return completion;
    outcome = { ...completion, outputTokens: outputTokens + (completion.outputTokens ?? 0) };
  }
  for (const a of attachments) live(`\n\n${a}`);
  return outcome;
}
