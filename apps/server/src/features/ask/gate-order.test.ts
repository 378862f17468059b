// The order a user meets the ask gates' refusals in, as the app's modules declare it: built by
// buildApp with every gate on, not by a list of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { AskGate } from './index.js';
import type { FeatureModule } from '../../platform/module.js';
import { MODERATION_OFF } from '../moderation/index.js';
import { orderGates } from './steps/gate-order.js';
import { testAppConfig } from '../../../test/support/app-config.js';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.js';

const EVERY_GATE_ON = testAppConfig({
  checkBalance: true,
  moderation: {
    ...MODERATION_OFF,
    concurrent: { enabled: true, max: 2 },
    openaiModeration: { url: 'http://127.0.0.1:9/v1/moderations', apiKey: 'sk-moderation' },
  },
  billing: {
    subscriptionsEnabled: true,
    secretKey: 'sk_test_gate_order',
    publishableKey: null,
    webhookSecret: 'whsec_gate_order',
    prices: { weekly: 'price_weekly', yearly: 'price_yearly' },
    // Nothing here calls Stripe: the gates are only built.
    apiBase: 'http://127.0.0.1:9',
    jsUrl: 'https://js.stripe.com/endive/stripe.js',
  },
  freeTier: { messages: 10 },
  premium: { dailyUses: 3, models: ['gpt-4.1'] },
});

/** Cheapest and most general first; the gates that reserve (a message, a use, credits) last. */
const DECLARED_ORDER = [
  'concurrent messages',
  'openai moderation',
  'subscription',
  'freeTier',
  'premium',
  'balance',
];

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The gates as the app's modules registered them (module order), read once all have. */
async function registeredGates(): Promise<readonly AskGate[]> {
  let gates: readonly AskGate[] = [];
  const reader: FeatureModule = {
    name: 'gate-reader',
    register({ app, extensions }) {
      app.addHook('onReady', async () => {
        gates = extensions('askGates');
      });
    },
  };
  const app = await buildApp({ config: EVERY_GATE_ON, db: database.db, extraModules: [reader] });
  try {
    await app.ready();
  } finally {
    await app.close();
  }
  return gates;
}

describe("the app's ask gates", () => {
  it('run in the declared order, whatever order the modules are listed in', async () => {
    const gates = await registeredGates();
    expect(gates.map((g) => g.name).sort()).toEqual([...DECLARED_ORDER].sort());
    expect(orderGates(gates).map((g) => g.name)).toEqual(DECLARED_ORDER);
    expect(orderGates([...gates].reverse()).map((g) => g.name)).toEqual(DECLARED_ORDER);
  });

  it('keep that order with some features off (a name no gate has is ignored)', async () => {
    const gates = (await registeredGates()).filter(
      (g) => !['openai moderation', 'subscription'].includes(g.name),
    );
    const expected = ['concurrent messages', 'freeTier', 'premium', 'balance'];
    expect(orderGates([...gates].reverse()).map((g) => g.name)).toEqual(expected);
  });

  it('fail start-up when the declared order goes round in a circle, naming the gates on it', async () => {
    const circular: FeatureModule = {
      name: 'circular-gates',
      register({ extend }) {
        const pass = () => Promise.resolve();
        extend('askGates', { name: 'quota', after: ['refill'], check: pass });
        extend('askGates', { name: 'refill', after: ['quota'], check: pass });
      },
    };
    const app = await buildApp({ config: testAppConfig(), db: database.db, extraModules: [circular] });
    try {
      await expect(app.ready()).rejects.toThrow(
        'ask gates: their declared order is a circle: quota → refill → quota',
      );
    } finally {
      await app.close();
    }
  });
});
