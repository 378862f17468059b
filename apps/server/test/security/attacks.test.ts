import { afterAll, beforeAll, describe, it } from 'vitest';
import { startChatApp } from '../support/chat-harness.js';
import { createKit } from './attack-kit.js';
import { ACCESS_ATTACKS } from './attacks-access.js';
import { INPUT_ATTACKS } from './attacks-input.js';
import { buildFixture, OPERATOR_EMAIL, stopRunning, type SecurityFixture } from './fixture.js';

/**
 * Known attack classes of this product family, one named case each (attacks-access.ts,
 * attacks-input.ts). Each runs against the real app or, for a feature that does not exist yet, the
 * platform guard that feature must call (whose own suite is the thorough one). A new class or
 * feature adds a row there.
 */
const h = await startChatApp({
  trustProxy: 1,
  adminEmail: OPERATOR_EMAIL,
  loginRateLimit: { max: 10_000, windowMs: 60_000 },
});
let f: SecurityFixture | undefined;
beforeAll(async () => {
  f = await buildFixture(h);
});
afterAll(async () => {
  if (f) await stopRunning(h, f);
  await h.close();
});
const kit = createKit(h, () => f!);

describe('attack classes', () => {
  it.each([...ACCESS_ATTACKS, ...INPUT_ATTACKS].map((a) => [a.name, a] as const))(
    '%s',
    async (_name, attack) => {
      await attack.run(kit);
    },
  );
});
