import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy.js';

describe('lazyModule', () => {
  it('imports once on the first load, whoever asks, and answers the module after', async () => {
    let imports = 0;
    const mod = lazyModule('thing', async () => ({ n: ++imports }));
    expect(mod.peek()).toBeUndefined();
    expect(() => mod.get()).toThrow('thing is used before load()');
    const [a, b] = await Promise.all([mod.load(), mod.load()]);
    expect(a).toBe(b);
    expect(await mod.load()).toBe(a);
    expect(mod.get()).toBe(a);
    expect(mod.peek()).toBe(a);
    expect(imports).toBe(1);
  });

  it('tries again on the next load after a failed import', async () => {
    let attempts = 0;
    const mod = lazyModule('flaky', async () => {
      if (++attempts === 1) throw new Error('not installed');
      return { ok: true };
    });
    await expect(mod.load()).rejects.toThrow('not installed');
    expect(mod.peek()).toBeUndefined();
    expect(await mod.load()).toEqual({ ok: true });
    expect(attempts).toBe(2);
  });
});
