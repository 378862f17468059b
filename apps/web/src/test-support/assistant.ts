import type { Assistant } from '@chat/contract';

/** An assistant as GET /api/assistants lists it, for web tests, with the fields a test changes. */
export function testAssistant(over: Partial<Assistant> = {}): Assistant {
  return {
    id: 'asst_1',
    object: 'assistant',
    created_at: 1_700_000_000,
    name: null,
    description: null,
    instructions: null,
    model: 'gpt-3.5-turbo-1106',
    tools: [],
    file_ids: [],
    metadata: {},
    ...over,
  };
}
