import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
// @ts-expect-error: a plain-JS ESLint plugin without type declarations
import layout from './server-boundaries.js';

const ROOT = join(import.meta.dirname, '../..');
const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { layout },
    rules: { 'layout/server-boundaries': 'error' },
  },
] as Linter.Config[];

/** The rule's message ids for `code` as if it were the file at `path` (from the repository root). */
function problems(path: string, code: string): string[] {
  return linter.verify(code, config, { filename: join(ROOT, path) }).map((m) => m.messageId ?? m.message);
}

describe('server layout rule', () => {
  it("lets a feature use another feature's index.ts, and its own files", () => {
    const file = 'apps/server/src/features/ask/steps/x.ts';
    expect(problems(file, "import type { ConvosRepo } from '../../convos/index.js';")).toEqual([]);
    expect(problems(file, "import { authorize } from './authorize.js';")).toEqual([]);
    expect(problems(file, "import { x } from '../generations.js';")).toEqual([]);
    expect(problems(file, "import { AppError } from '../../../platform/errors.js';")).toEqual([]);
  });

  it("refuses a feature reaching into another feature's files (imports and re-exports)", () => {
    const file = 'apps/server/src/features/ask/pipeline.ts';
    expect(problems(file, "import type { ConvosRepo } from '../convos/repo.js';")).toEqual(['internals']);
    expect(problems(file, "export { presentMessage } from '../messages/presenter.js';")).toEqual([
      'internals',
    ]);
    expect(problems(file, "export * from '../title/service.js';")).toEqual(['internals']);
  });

  it('refuses shared plumbing and providers importing a feature', () => {
    expect(problems('apps/server/src/platform/x.ts', "import '../features/convos/index.js';")).toEqual([
      'sharedToFeature',
    ]);
    expect(problems('apps/server/src/providers/x.ts', "import '../features/ask/pipeline.js';")).toEqual([
      'sharedToFeature',
    ]);
  });

  it("lets a feature's tables be named by another feature's tables and by the database's list only", () => {
    expect(
      problems('apps/server/src/features/messages/schema.ts', "import { users } from '../auth/schema.js';"),
    ).toEqual([]);
    expect(problems('apps/server/src/db/schema.ts', "export * from '../features/auth/schema.js';")).toEqual(
      [],
    );
    expect(
      problems('apps/server/src/db/client.ts', "import { users } from '../features/auth/schema.js';"),
    ).toEqual(['sharedToFeature']);
    expect(problems('apps/server/src/db/schema.ts', "export * from '../features/auth/service.js';")).toEqual([
      'sharedToFeature',
    ]);
  });

  it("lets the config's list of settings name each feature's settings.ts, and nothing else", () => {
    const list = 'apps/server/src/config/feature-settings.ts';
    expect(problems(list, "import { billingEnv } from '../features/billing/settings.js';")).toEqual([]);
    expect(problems(list, "import { users } from '../features/auth/schema.js';")).toEqual([
      'sharedToFeature',
    ]);
    expect(
      problems(
        'apps/server/src/config/env.ts',
        "import { billingEnv } from '../features/billing/settings.js';",
      ),
    ).toEqual(['sharedToFeature']);
  });

  it("lets the config's list of librechat.yaml blocks name each feature's yaml.ts, and nothing else", () => {
    const list = 'apps/server/src/config/feature-yaml.ts';
    expect(problems(list, "import { memoryYaml } from '../features/memories/yaml.js';")).toEqual([]);
    expect(problems(list, "import { speechModule } from '../features/speech/index.js';")).toEqual([
      'sharedToFeature',
    ]);
    expect(
      problems(
        'apps/server/src/config/yaml-config.ts',
        "import { memoryYaml } from '../features/memories/yaml.js';",
      ),
    ).toEqual(['sharedToFeature']);
  });

  it("refuses app code importing test support, but not the app's own tests", () => {
    const spec = "import { startTestApp } from '../../../test/support/harness.js';";
    expect(problems('apps/server/src/features/ask/x.ts', spec)).toEqual(['testCode']);
    expect(problems('apps/server/src/features/ask/x.test.ts', spec)).toEqual([]);
  });
});
