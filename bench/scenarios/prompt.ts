/**
 * Building the prompt of the next message in a long conversation, in process: the branch walked
 * from the saved messages (as the ask pipeline loads them) and fitted into the model's context
 * (apps/server/src/features/ask/steps/fit-context.ts). The first build counts the messages the
 * context holds; later builds find their counts cached and count only the new question.
 */
import { randomUUID } from 'node:crypto';
import { NO_PARENT } from '@chat/contract';
import type { MessageRow } from '../../apps/server/src/db/schema.js';
import { buildPrompt } from '../../apps/server/src/features/ask/steps/build-prompt.js';
import {
  fitPrompt,
  messageCounter,
  promptBudget,
} from '../../apps/server/src/features/ask/steps/fit-context.js';
import { emit, note, summary } from '../lib/figures.js';
import { knobs } from '../lib/knobs.js';

const FILLER =
  'We went over the plan for the garden again: roses along the fence, tulips by the door, ' +
  'a bench under the old pear tree, and a path of flat stones that winds past the pond. ';

function row(i: number, parent: string, model: string): MessageRow {
  const at = new Date(Date.now() - 1_000_000 + i);
  const isUser = i % 2 === 0;
  return {
    messageId: randomUUID(),
    conversationId: 'bench',
    userId: 'bench',
    parentMessageId: parent,
    sender: isUser ? 'User' : 'Assistant',
    text: `Message ${i}. ${FILLER}${FILLER}`,
    isCreatedByUser: isUser,
    endpoint: 'openAI',
    model,
    error: false,
    unfinished: false,
    isEdited: false,
    finishReason: null,
    tokenCount: null,
    plugins: null,
    files: null,
    contextMessageId: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** One build: the next question's prompt, fitted; answers the messages sent. */
function build(byId: Map<string, MessageRow>, leaf: MessageRow, model: string, n: number): number {
  const question = { ...row(n, leaf.messageId, model), text: `Question ${n}: and the pond?` };
  const configured = { options: { promptPrefix: 'You are a garden planner.' }, params: {} };
  const budget = promptBudget(model, {}, {}, undefined);
  const built = buildPrompt(
    model,
    { byId },
    { requestMessage: question, prefix: '' },
    configured,
    [],
    undefined,
    {
      budget,
      count: messageCounter(model),
    },
  );
  return fitPrompt(built, budget).messages.length;
}

export async function prompt(): Promise<void> {
  const count = knobs.promptMessages;
  for (const model of ['gpt-4o', 'claude-sonnet-4-6']) {
    const byId = new Map<string, MessageRow>();
    let parent = NO_PARENT;
    let chars = 0;
    let leaf!: MessageRow;
    for (let i = 0; i < count; i++) {
      leaf = row(i, parent, model);
      byId.set(leaf.messageId, leaf);
      chars += leaf.text.length;
      parent = leaf.messageId;
    }
    let t = performance.now();
    const sent = build(byId, leaf, model, count);
    const coldMs = performance.now() - t;
    // Warm-up: the JIT, as the other in-process scenarios do.
    for (let r = 0; r < 5; r++) build(byId, leaf, model, count + 1000 + r);
    const times: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < knobs.promptRounds; r++) {
      const c = process.cpuUsage();
      t = performance.now();
      build(byId, leaf, model, count + 1 + r);
      times.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
    }
    const s = summary(times);
    // CPU time too: on a shared machine the wall time includes waiting for a core.
    const cpuP95 = summary(cpu).p95;
    const name = model.startsWith('gpt') ? 'openai' : 'estimate';
    emit({
      figure: `prompt.${name}.build_${count}_p95_ms`,
      value: s.p95,
      target: '<=20',
      unit: 'ms',
      compare: {
        p50_ms: s.p50,
        max_ms: s.max,
        cpu_p95_ms: cpuP95,
        cold_ms: coldMs,
        messages_sent: sent,
        chars,
        rounds: s.n,
      },
      note: `the next message's prompt in a ${count}-message conversation (${model}): branch walked and fitted into the context, saved messages' counts cached (cold_ms: the first build, counting them)`,
    });
    note(`prompt ${model}: p95 ${s.p95.toFixed(2)} ms, cold ${coldMs.toFixed(0)} ms, ${sent} messages sent`);
  }
}
