import { describe, expect, it } from 'vitest';
import { assistantChatRequestSchema, createAssistantSchema } from './assistants-schemas.js';
import { isAssistantModel } from './assistants.js';

describe('assistants contract', () => {
  it('offers gpt-4 and gpt-3.5 models without vision or instruct', () => {
    for (const m of ['gpt-3.5-turbo-1106', 'gpt-4', 'gpt-4o-mini', 'gpt-4-turbo-preview']) {
      expect(isAssistantModel(m), m).toBe(true);
    }
    for (const m of ['gpt-4-vision-preview', 'gpt-3.5-turbo-instruct', 'claude-3-opus', 'o1-mini']) {
      expect(isAssistantModel(m), m).toBe(false);
    }
  });

  it('defaults the model to gpt-3.5-turbo-1106 and takes tools as objects or bare types', () => {
    const body = createAssistantSchema.parse({ tools: ['retrieval', { type: 'code_interpreter' }] });
    expect(body.model).toBe('gpt-3.5-turbo-1106');
    expect(body.tools).toEqual(['retrieval', { type: 'code_interpreter' }]);
    expect(createAssistantSchema.safeParse({ tools: ['browser'] }).success).toBe(false);
    expect(createAssistantSchema.safeParse({ file_ids: ['file-1'] }).success).toBe(false);
  });

  it('needs an assistant id to chat, whatever endpoint the body names', () => {
    expect(assistantChatRequestSchema.safeParse({ text: 'Hi' }).success).toBe(false);
    const ok = assistantChatRequestSchema.parse({
      text: 'Hi',
      assistant_id: 'asst_abc',
      endpoint: 'assistant',
    });
    expect(ok.assistant_id).toBe('asst_abc');
  });
});
