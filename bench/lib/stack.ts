/**
 * The fake upstream process plus one built server wired to it, and an account on it; with
 * `providers`, an Anthropic and a Gemini fake too, each its own process, as the server's anthropic
 * and google endpoints.
 */
import { startFake, type FakeHandle } from './fake.js';
import {
  register,
  removeDir,
  startServer,
  type Account,
  type ServerHandle,
  type ServerOptions,
} from './server.js';

export interface Stack {
  fake: FakeHandle;
  /** The Anthropic and Gemini fakes, when started with `providers`. */
  providers: { anthropic: FakeHandle; gemini: FakeHandle } | undefined;
  server: ServerHandle;
  account: Account;
  close(): Promise<void>;
}

export async function startStack(
  opts: Omit<ServerOptions, 'fakeUrl' | 'anthropicUrl' | 'geminiUrl'> & {
    fake?: FakeHandle;
    keepData?: boolean;
    providers?: boolean;
  } = {},
): Promise<Stack> {
  const ownFake = !opts.fake;
  const fake = opts.fake ?? (await startFake());
  const providers = opts.providers
    ? { anthropic: await startFake('anthropic'), gemini: await startFake('gemini') }
    : undefined;
  const server = await startServer({
    ...opts,
    fakeUrl: fake.url,
    ...(providers ? { anthropicUrl: providers.anthropic.url, geminiUrl: providers.gemini.url } : {}),
  });
  const account = await register(server.url);
  return {
    fake,
    providers,
    server,
    account,
    async close() {
      await server.stop();
      if (ownFake) await fake.close();
      if (providers) await Promise.all([providers.anthropic.close(), providers.gemini.close()]);
      if (!opts.dataDir && !opts.keepData) removeDir(server.dataDir);
    },
  };
}
