import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ConversationOptions } from '@chat/contract';
import { askBody, askInput, OFFLINE_ENDPOINT } from '../../../../test/support/ask-steps.js';
import { configure, pickOptions } from './configure.js';
import type { AskConfigurer, AskInput, StepContext } from './types.js';

const endpoint = OFFLINE_ENDPOINT;
const ctxOf = (input: AskInput): StepContext => ({ input, endpoint, model: 'gpt-4o-mini' });
const userId = randomUUID();

/** A configurer (a preset, a model config) that sets some options. */
const setting = (name: string, patch: ConversationOptions, seen?: string[]): AskConfigurer => ({
  name,
  configure: (_ctx, options) => {
    seen?.push(`${name}:${JSON.stringify(options)}`);
    return Promise.resolve({ ...options, ...patch });
  },
});

describe('pickOptions', () => {
  it('keeps the set conversation options and drops null, undefined, the model and non-options', () => {
    const body = askBody({
      text: 'Hi',
      temperature: 0.5,
      top_p: null,
      chatGptLabel: 'Helper',
      promptPrefix: undefined,
      iconURL: null,
      resendImages: false,
    });
    expect(pickOptions(body)).toEqual({ temperature: 0.5, chatGptLabel: 'Helper', resendImages: false });
  });
});

describe('configure', () => {
  it("turns the body's options into the endpoint's parameters", async () => {
    const input = askInput(userId, {
      temperature: 0.3,
      top_p: 0.9,
      maxOutputTokens: 512,
      promptPrefix: 'Be brief',
    });
    const configured = await configure([], ctxOf(input));
    expect(configured.options).toEqual({
      temperature: 0.3,
      top_p: 0.9,
      maxOutputTokens: 512,
      promptPrefix: 'Be brief',
    });
    expect(configured.params).toEqual({
      temperature: 0.3,
      top_p: 0.9,
      top_k: undefined,
      frequency_penalty: undefined,
      presence_penalty: undefined,
      maxOutputTokens: 512,
    });
  });

  it('leaves out what the endpoint does not take and sends no defaults for OpenAI (the upstream has its own)', async () => {
    const configured = await configure([], ctxOf(askInput(userId, { topK: 5, topP: 0.5 })));
    // Saved with the conversation (it keeps the options of an endpoint it was on before) ...
    expect(configured.options).toEqual({ topK: 5, topP: 0.5 });
    // ... but not sent to an endpoint that does not take them; unset ones are not filled in.
    expect(Object.values(configured.params).every((v) => v === undefined)).toBe(true);
  });

  it('runs the configurers in module order, each on the options the one before left', async () => {
    const seen: string[] = [];
    const configured = await configure(
      [
        setting('preset', { temperature: 0.2, chatGptLabel: 'Tutor' }, seen),
        setting('model', { temperature: 0.7 }, seen),
      ],
      ctxOf(askInput(userId, { promptPrefix: 'Hi' })),
    );
    expect(seen).toEqual([
      'preset:{"promptPrefix":"Hi"}',
      'model:{"promptPrefix":"Hi","temperature":0.2,"chatGptLabel":"Tutor"}',
    ]);
    expect(configured.options).toEqual({ promptPrefix: 'Hi', temperature: 0.7, chatGptLabel: 'Tutor' });
    expect(configured.params.temperature).toBe(0.7);
  });

  it('refuses a temperature a configurer put out of range (validation_error naming it)', async () => {
    const hot = setting('preset', { temperature: 2.5 });
    await expect(configure([hot], ctxOf(askInput(userId)))).rejects.toMatchObject({
      code: 'validation_error',
      message: 'temperature must be between 0 and 2 for this endpoint',
      issues: [{ path: 'temperature', key: 'com_error_param_out_of_range' }],
    });
  });

  it('refuses out-of-range values however the body got them', async () => {
    const input = askInput(userId);
    const body = { ...input.body, temperature: -1, frequency_penalty: 3, maxOutputTokens: 10.5 };
    await expect(configure([], ctxOf({ ...input, body }))).rejects.toMatchObject({
      code: 'validation_error',
      issues: [{ path: 'temperature' }, { path: 'frequency_penalty' }, { path: 'maxOutputTokens' }],
    });
  });

  it('passes the step context to every configurer', async () => {
    const input = askInput(userId, { text: 'What model?' });
    let given: StepContext | undefined;
    const probe: AskConfigurer = {
      name: 'probe',
      configure: (ctx, options) => {
        given = ctx;
        return Promise.resolve(options);
      },
    };
    await configure([probe], ctxOf(input));
    expect(given).toEqual({ input, endpoint, model: 'gpt-4o-mini' });
  });
});
