import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/errors.js';
import { askInput, OFFLINE_ENDPOINT } from '../../../../test/support/ask-steps.js';
import { attachFiles } from './attach-files.js';
import { runGates } from './gates.js';
import type { AskAttachment, AskGate, History, StepContext } from './types.js';

const ctx: StepContext = { input: askInput(randomUUID()), endpoint: OFFLINE_ENDPOINT, model: 'gpt-4o-mini' };
const history: History = { conversationId: randomUUID(), existing: undefined, byId: new Map(), mode: 'ask' };

/** A gate that records that it ran, and refuses with `refusal` when given one. */
const gate = (name: string, ran: string[], refusal?: AppError): AskGate => ({
  name,
  check: (given) => {
    ran.push(`${name}:${given.model}`);
    return refusal ? Promise.reject(refusal) : Promise.resolve();
  },
});

describe('gates', () => {
  it('runs every gate in the order given, with the step context', async () => {
    const ran: string[] = [];
    await runGates([gate('balance', ran), gate('subscription', ran), gate('limits', ran)], ctx);
    expect(ran).toEqual(['balance:gpt-4o-mini', 'subscription:gpt-4o-mini', 'limits:gpt-4o-mini']);
  });

  it("ends the request at the first refusal, with that gate's error; later gates do not run", async () => {
    const ran: string[] = [];
    const broke = new AppError('forbidden', 'Your balance is too low');
    const gates = [gate('balance', ran, broke), gate('limits', ran)];
    await expect(runGates(gates, ctx)).rejects.toBe(broke);
    expect(ran).toEqual(['balance:gpt-4o-mini']);
  });

  it('lets the request through when no feature adds a gate', async () => {
    await expect(runGates([], ctx)).resolves.toEqual([]);
  });

  it('answers the holds of the gates that reserved; a later refusal releases them', async () => {
    const settled: string[] = [];
    const holding = (name: string): AskGate => ({
      name,
      check: () =>
        Promise.resolve({ settle: async (spent) => void settled.push(`${name}:${String(spent)}`) }),
    });
    const holds = await runGates([holding('balance'), gate('limits', [])], ctx);
    expect(holds).toHaveLength(1);
    expect(settled).toEqual([]);

    const refusal = new AppError('too_many_requests');
    await expect(runGates([holding('balance'), gate('limits', [], refusal)], ctx)).rejects.toBe(refusal);
    expect(settled).toEqual(['balance:null']);
  });
});

describe('attach files', () => {
  it("adds each attachment's parts in module order, given the history", async () => {
    const seen: History[] = [];
    const files = (name: string, urls: string[]): AskAttachment => ({
      name,
      attach: (given) => {
        seen.push(given.history);
        return Promise.resolve(urls.map((url) => ({ type: 'image' as const, url, mediaType: 'image/png' })));
      },
    });
    const { parts, earlier } = await attachFiles(
      [
        files('uploads', ['data:image/png;base64,AA==', 'https://x.test/a.png']),
        files('none', []),
        files('links', ['https://x.test/b.png']),
      ],
      { ...ctx, history },
    );
    expect(parts.map((p) => (p.type === 'image' ? p.url : p.text))).toEqual([
      'data:image/png;base64,AA==',
      'https://x.test/a.png',
      'https://x.test/b.png',
    ]);
    expect(seen).toEqual([history, history, history]);
    expect(earlier.size).toBe(0);
  });

  it('adds nothing when no feature attaches files', async () => {
    expect(await attachFiles([], { ...ctx, history })).toEqual({ parts: [], earlier: new Map() });
  });

  it("fails the request with an attachment's error", async () => {
    const tooBig: AskAttachment = {
      name: 'uploads',
      attach: () => Promise.reject(new AppError('validation_error', 'The file is too large')),
    };
    await expect(attachFiles([tooBig], { ...ctx, history })).rejects.toMatchObject({
      code: 'validation_error',
      message: 'The file is too large',
    });
  });
});
