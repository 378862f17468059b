/** The fake upstream process plus one built server wired to it, and an account on it. */
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
  server: ServerHandle;
  account: Account;
  close(): Promise<void>;
}

export async function startStack(
  opts: Omit<ServerOptions, 'fakeUrl'> & { fake?: FakeHandle; keepData?: boolean } = {},
): Promise<Stack> {
  const ownFake = !opts.fake;
  const fake = opts.fake ?? (await startFake());
  const server = await startServer({ ...opts, fakeUrl: fake.url });
  const account = await register(server.url);
  return {
    fake,
    server,
    account,
    async close() {
      await server.stop();
      if (ownFake) await fake.close();
      if (!opts.dataDir && !opts.keepData) removeDir(server.dataDir);
    },
  };
}
