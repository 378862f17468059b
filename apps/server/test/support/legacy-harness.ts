import { startFakeBing, startFakeChatGPTWeb, type FakeServer } from '@chat/fake-upstreams';
import { BING_MODES, CHATGPT_BROWSER_MODELS } from '@chat/contract';
import type { EndpointDefinition } from '../../src/config/app-config.js';
import { startTestApp, type Harness } from './harness.js';

/** The key the legacy fakes expect (Bing's `_U` cookie, the ChatGPT access token). */
export const LEGACY_TOKEN = 'fake-legacy-token';

export interface LegacyHarness extends Harness {
  fake: FakeServer;
}

/**
 * The app with a legacy endpoint (bingAI or chatGPTBrowser) on its fake, plus `{name}-badkey`
 * with a token the fake refuses. Both are the endpoints BINGAI_* / CHATGPT_* would configure.
 */
export async function startLegacyApp(kind: 'bingAI' | 'chatGPTBrowser'): Promise<LegacyHarness> {
  const fake = await (kind === 'bingAI' ? startFakeBing : startFakeChatGPTWeb)({ apiKey: LEGACY_TOKEN });
  const endpoint: EndpointDefinition = {
    name: kind,
    type: kind,
    apiKey: LEGACY_TOKEN,
    baseURL: kind === 'bingAI' ? fake.origin : `${fake.url}/conversation`,
    models: [...(kind === 'bingAI' ? BING_MODES : CHATGPT_BROWSER_MODELS)],
    titleModel: undefined,
    titleConvo: false,
    label: undefined,
    userProvide: false,
    isDemo: false,
  };
  const badKey = { ...endpoint, name: `${kind}-badkey`, apiKey: 'not-the-token' };
  const h = await startTestApp({ endpoints: [endpoint, badKey] });
  return {
    ...h,
    fake,
    async close() {
      await h.close();
      await fake.close();
    },
  };
}
