import type { FeatureModule } from '../../platform/module.js';
import { createCodeFilesRepo } from './repo.js';
import { createCodeRunner, type CodeRunner } from './runner.js';
import { codeInterpreterSource } from './tool.js';

/**
 * The code interpreter (CODE_INTERPRETER_ENABLED): LibreChat's `execute_code` tool among the
 * plugins, running Python in Pyodide workers on this server. No worker starts before the first
 * run; every one is ended when the app closes.
 */
export const codeInterpreterModule: FeatureModule = {
  name: 'code-interpreter',
  register({ app, db, config, use, extend }) {
    if (!config.codeInterpreter?.enabled) return;
    let runner: CodeRunner | undefined;
    extend(
      'pluginSources',
      codeInterpreterSource({
        runner: () => (runner ??= createCodeRunner()),
        files: use('files'),
        repo: createCodeFilesRepo(db),
      }),
    );
    // The assistant form offers code_interpreter only where it runs.
    extend('startupConfig', { name: 'code-interpreter', part: () => ({ codeInterpreter: true }) });
    app.addHook('onClose', async () => runner?.close());
  },
};
