import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { minVersion, satisfies } from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from './paths.js';

/**
 * A fresh install on the supported Node prints no warning the project could avoid: every locked
 * package admits the lowest Node the root package.json promises (engines.node), and every install
 * script is either allowed or denied in `allowScripts` (npm 11 warns about unreviewed ones).
 */
interface LockedPackage {
  version?: string;
  engines?: unknown;
  hasInstallScript?: boolean;
  optional?: boolean;
  link?: boolean;
}
interface RootPackage {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
}

const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as RootPackage;
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const installed = Object.entries(lock.packages).filter(([path, p]) => path !== '' && !p.link);
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('fresh install', () => {
  it('every locked package runs on the lowest supported Node', () => {
    const floor = minVersion(root.engines.node)!.version;
    const refused = installed.flatMap(([path, p]) => {
      const engines = p.engines as { node?: unknown } | string[] | undefined;
      const node = engines && !Array.isArray(engines) ? engines.node : undefined;
      return typeof node === 'string' && !satisfies(floor, node)
        ? [`${nameOf(path)}@${p.version} wants node ${node}`]
        : [];
    });
    expect(refused, `engines.node of the root admits ${floor}`).toEqual([]);
  });

  it('every install script is reviewed in allowScripts', () => {
    const policy = root.allowScripts ?? {};
    const covered = (name: string, version: string | undefined) =>
      Object.keys(policy).some((entry) => entry === name || entry === `${name}@${version}`);
    const unreviewed = installed
      .filter(([path, p]) => p.hasInstallScript && !covered(nameOf(path), p.version))
      .map(([path, p]) => `${nameOf(path)}@${p.version}`);
    expect(unreviewed).toEqual([]);
  });

  it('npm ci prints no warning (machine npmrc left out)', async () => {
    // The machine's own npmrc (and the npm_config_* a parent npm exports from it) may carry
    // settings this npm warns about; only what the project declares counts here.
    const userconfig = join(tmpdir(), `empty-npmrc-${process.pid}`);
    writeFileSync(userconfig, '');
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_config_')),
    );
    const { stdout, stderr } = await promisify(execFile)(
      'npm',
      ['ci', '--dry-run', '--no-audit', '--no-fund', '--userconfig', userconfig],
      { cwd: ROOT, env: { ...env, npm_config_update_notifier: 'false' } },
    ).finally(() => rmSync(userconfig, { force: true }));
    const warnings = `${stdout}\n${stderr}`.split('\n').filter((l) => /^npm (warn|WARN|error)/.test(l));
    expect(warnings).toEqual([]);
  }, 120_000);
});
