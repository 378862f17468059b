import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { envSchema } from './env.js';

/**
 * The deployment files (deploy/compose.yaml, deploy/nginx.conf, deploy/.env.example) agree with
 * each other and with the server: every app instance compose starts is in nginx's upstream and
 * the reverse, every variable handed to an instance is one the server reads, and the instances'
 * environment parses as the server parses it. (docker compose itself cannot run here; CI checks
 * `docker compose config` only where Docker exists.)
 */
const deploy = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../../deploy/${name}`, import.meta.url)), 'utf8');

interface Service {
  image?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
}
/** A file at the repository's root. */
const root = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../../${name}`, import.meta.url)), 'utf8');
const compose = parse(deploy('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const nginx = deploy('nginx.conf');
const appServices = Object.entries(compose.services).filter(([, s]) => s.image === 'omnichat:latest');
const known = new Set(Object.keys(envSchema.shape));

/** Compose's `${VAR:-default}` and `${VAR:?message}`: the default, or a value from `given`. */
function interpolate(value: string, given: Record<string, string>): string {
  return String(value).replace(
    /\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g,
    (_m, name: string, op?: string, rest?: string) => {
      if (given[name] !== undefined) return given[name]!;
      if (op === '-') return rest ?? '';
      throw new Error(`${name} has no default in compose.yaml and none was given`);
    },
  );
}

describe('deploy/ files', () => {
  it('starts at least two app instances, and nginx balances exactly those, on their port', () => {
    expect(appServices.length).toBeGreaterThanOrEqual(2);
    const upstream = [...nginx.matchAll(/^\s*server\s+([a-z0-9-]+):(\d+)\b/gm)].map((m) => [m[1], m[2]]);
    expect(upstream.map(([name]) => name).sort()).toEqual(appServices.map(([name]) => name).sort());
    for (const [name, service] of appServices) {
      expect(upstream.find(([n]) => n === name)![1]).toBe(service.environment!.PORT);
    }
  });

  it("looks the instances' names up while running (a recreated instance has a new address)", () => {
    // Every upstream server is re-resolved, which needs a shared zone and a resolver (Docker's DNS).
    const servers = [...nginx.matchAll(/^\s*server\s+[a-z0-9-]+:\d+([^;]*);/gm)].map((m) => m[1]!);
    expect(servers.length).toBe(appServices.length);
    for (const params of servers) expect(params.split(/\s+/)).toContain('resolve');
    expect(nginx).toMatch(/upstream app \{[^}]*\bzone app \d+k;/);
    expect(nginx).toMatch(/^\s*resolver 127\.0\.0\.11\b[^;]*;/m);
  });

  it('gives up connecting to a gone instance within seconds on every proxied path', () => {
    // A stopped instance's address answers nothing until the next lookup drops it; nginx's
    // default connect timeout (60 s) would hang a probe that long.
    const locations = [...nginx.matchAll(/location ([^{]+)\{([^}]*)\}/g)];
    expect(locations.length).toBeGreaterThanOrEqual(3);
    for (const [, where, body] of locations) {
      if (!body!.includes('proxy_pass')) continue;
      const timeout = body!.match(/proxy_connect_timeout (\d+)s;/);
      expect(timeout, `location ${where!.trim()}`).not.toBeNull();
      expect(Number(timeout![1])).toBeLessThanOrEqual(5);
    }
  });

  it('hands the instances only variables the server reads, and they parse as the server parses them', () => {
    const env = appServices[0]![1].environment!;
    expect(Object.keys(env).filter((k) => !known.has(k))).toEqual([]);
    const secrets = {
      JWT_SECRET: 'j'.repeat(64),
      JWT_REFRESH_SECRET: 'r'.repeat(64),
      CREDS_KEY: 'a'.repeat(64),
      CREDS_IV: 'b'.repeat(32),
      POSTGRES_PASSWORD: 'pw',
      MINIO_ROOT_USER: 'minio',
      MINIO_ROOT_PASSWORD: 'minio-password',
    };
    const values = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, interpolate(v, secrets)]));
    const parsed = envSchema.safeParse(values);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({
      FILE_STRATEGY: 's3',
      // One hop: the nginx in front, which writes the client's address into X-Forwarded-For.
      TRUST_PROXY: 1,
      DATABASE_URL: 'postgres://omnichat:pw@postgres:5432/omnichat',
      REDIS_URL: 'redis://redis:6379',
    });
  });

  it(".env.example names only the server's variables and the compose file's own", () => {
    const composeOnly = new Set([
      'HTTP_PORT',
      'POSTGRES_USER',
      'POSTGRES_PASSWORD',
      'POSTGRES_DB',
      'MINIO_ROOT_USER',
      'MINIO_ROOT_PASSWORD',
    ]);
    const names = deploy('.env.example')
      .split('\n')
      .map((l) => /^([A-Z0-9_]+)=/.exec(l.trim())?.[1])
      .filter((n): n is string => !!n);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => !known.has(n) && !composeOnly.has(n))).toEqual([]);
  });

  it('probes readiness on /ready (instances and nginx), which nginx passes through', () => {
    for (const [, service] of appServices) expect(service.healthcheck!.test.join(' ')).toContain('/ready');
    expect(compose.services.nginx!.healthcheck!.test.join(' ')).toContain('/ready');
    expect(nginx).toMatch(/location = \/ready \{[^}]*proxy_pass http:\/\/app;/);
  });

  it('starts the server with the same Node flags in every way it is started, young generation capped', () => {
    // package.json's "serve" is the source (the bench reads it too); start, dev:demo and the image repeat it.
    const scripts = (JSON.parse(root('package.json')) as { scripts: Record<string, string> }).scripts;
    const flagsOf = (command: string) => {
      const m = /\bnode((?:\s+--\S+)*)\s+apps\/server\/dist\/main\.js\b/.exec(command);
      expect(m, command).not.toBeNull();
      return m![1]!.split(/\s+/).filter(Boolean);
    };
    const serve = flagsOf(scripts.serve!);
    expect(serve).toContain('--max-semi-space-size=4');
    expect(flagsOf(scripts.start!)).toEqual(serve);
    expect(flagsOf(scripts['dev:demo']!)).toEqual(serve);
    const cmd = /^CMD (\[.*\])$/m.exec(root('Dockerfile'));
    expect(cmd).not.toBeNull();
    expect(flagsOf((JSON.parse(cmd![1]!) as string[]).join(' '))).toEqual(serve);
  });

  it("caps malloc's arenas at 2 and its kept free memory at 1 MB in every way the server is started, unless the operator set them", () => {
    // glibc reads these only when the process starts: the start commands set them.
    const scripts = (JSON.parse(root('package.json')) as { scripts: Record<string, string> }).scripts;
    const dockerfile = root('Dockerfile');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    for (const [name, value] of [
      ['MALLOC_ARENA_MAX', '2'],
      ['MALLOC_TRIM_THRESHOLD_', '1048576'],
    ] as const) {
      for (const script of ['serve', 'start', 'dev:demo']) {
        const set = new RegExp(`\\b${name}=\\$\\{${name}:-${value}\\}(?: [A-Z_]+=\\S+)* exec node\\b`);
        expect(scripts[script], `${script}: ${name}`).toMatch(set);
      }
      expect(runtime).toMatch(new RegExp(`^ENV (?:[^\\n]*\\\\\\n)*\\s*${name}=${value}\\b`, 'm'));
    }
  });
});
