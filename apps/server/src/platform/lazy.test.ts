import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type BuildOptions } from 'esbuild';
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

/**
 * The server bundle's imports that run at start-up (static ones): packages that only some
 * configurations or requests use load on first use instead (lazyModule, or a require when first
 * needed), so an idle server holds only what it runs (docs/decisions.md, "Shared buffers follow
 * the store", idle memory).
 */
describe('what the server imports at start-up', () => {
  const onFirstUse = [
    'nodemailer', // the first mail
    'yaml', // a librechat.yaml
    'ws', // Bing
    '@ai-sdk/google',
    '@ai-sdk/azure',
    '@ai-sdk/anthropic',
    'ai', // tools and titles through the AI SDK
    'openid-client', // OpenID sign-in
    '@node-saml/node-saml', // SAML sign-in
    'stripe', // subscriptions
    '@aws-sdk/client-s3', // the s3 file strategy
    '@aws-sdk/lib-storage',
    'sharp', // an image upload
    'pg', // DATABASE_URL
    'ioredis', // REDIS_URL
    'gpt-tokenizer', // counting a prompt's tokens
    'lowlight', // the blog's renderer
    'mdast-util-from-markdown',
    '@streamparser/json', // an import
    'bcryptjs', // the first sign-in of an account moved from LibreChat
  ];

  it('leaves out the packages that load on first use', async () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const bundle = resolve(here, '../../bundle.mjs');
    const { options } = (await import(pathToFileURL(bundle).href)) as { options: BuildOptions };
    const result = await build({
      ...options,
      entryPoints: [resolve(here, '../main.ts')],
      outfile: join(tmpdir(), 'lazy-test-main.js'),
      write: false,
      metafile: true,
    });
    const [output] = Object.values(result.metafile.outputs);
    const packageOf = (path: string) =>
      path
        .split('/')
        .slice(0, path.startsWith('@') ? 2 : 1)
        .join('/');
    const atStart = new Set(
      output!.imports
        .filter((i) => i.external && i.kind === 'import-statement')
        .map((i) => packageOf(i.path)),
    );
    const lazy = new Set(
      output!.imports.filter((i) => i.external && i.kind === 'dynamic-import').map((i) => packageOf(i.path)),
    );
    // The check can fail: the server does import packages at start (its framework, its ORM).
    expect(atStart).toContain('fastify');
    expect(atStart).toContain('drizzle-orm');
    expect(lazy).toContain('nodemailer');
    expect([...atStart].filter((name) => onFirstUse.includes(name))).toEqual([]);
  });
});
