/**
 * Export files as ChatGPT and LibreChat write them, built in code (small, readable): the shapes
 * follow ChatGPT's conversations.json (a `mapping` of nodes with parent and children) and
 * LibreChat's export (messagesTree with children, or messages with parentMessageId).
 */
type Node = {
  id: string;
  message: Record<string, unknown> | null;
  parent: string | null;
  children: string[];
};

function msg(id: string, role: string, text: string, time: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    author: { role, name: null, metadata: {} },
    create_time: time,
    update_time: null,
    content: { content_type: 'text', parts: [text] },
    status: 'finished_successfully',
    end_turn: role === 'assistant' ? true : null,
    weight: 1,
    metadata: role === 'assistant' ? { model_slug: 'gpt-4o' } : {},
    recipient: 'all',
    ...extra,
  };
}

/**
 * A ChatGPT conversation: root → system (hidden) → user "Hi" → two answers (a branch), the
 * second answer with a follow-up question, plus a tool message between user and answer.
 */
export function chatGptConversation(id = 'c0ffee00-0000-4000-8000-000000000001', title = 'Trip planning') {
  const t = 1_700_000_000;
  const nodes: Node[] = [
    { id: 'client-created-root', message: null, parent: null, children: ['sys'] },
    {
      id: 'sys',
      message: msg('sys', 'system', '', t, { metadata: { is_visually_hidden_from_conversation: true } }),
      parent: 'client-created-root',
      children: ['u1'],
    },
    {
      id: 'u1',
      message: msg('u1', 'user', 'Where should I go in May?', t + 1),
      parent: 'sys',
      children: ['a1', 'tool1'],
    },
    {
      id: 'a1',
      message: msg('a1', 'assistant', 'Lisbon is lovely in May.', t + 2),
      parent: 'u1',
      children: [],
    },
    {
      id: 'tool1',
      message: msg('tool1', 'tool', 'search results…', t + 3),
      parent: 'u1',
      children: ['a2'],
    },
    {
      id: 'a2',
      message: msg('a2', 'assistant', 'Try Kyoto: mild weather.', t + 4),
      parent: 'tool1',
      children: ['u2'],
    },
    {
      id: 'u2',
      message: {
        ...msg('u2', 'user', '', t + 5),
        content: {
          content_type: 'multimodal_text',
          parts: [{ asset_pointer: 'file-service://x' }, 'And in June?'],
        },
      },
      parent: 'a2',
      children: [],
    },
  ];
  return {
    title,
    create_time: t,
    update_time: t + 5,
    mapping: Object.fromEntries(nodes.map((n) => [n.id, n])),
    moderation_results: [],
    current_node: 'u2',
    plugin_ids: null,
    conversation_id: id,
    conversation_template_id: null,
    default_model_slug: 'gpt-4o',
    id,
  };
}

/** A LibreChat export (recursive tree with a branch), as its export dialog writes json. */
export function libreChatTreeExport(conversationId = '5a7e0000-0000-4000-8000-000000000002') {
  const base = { conversationId, endpoint: 'openAI', model: 'gpt-4o-mini', isEdited: false, error: false };
  return {
    conversationId,
    endpoint: 'openAI',
    title: 'Recipe ideas',
    exportAt: '10:00:00 GMT+0000',
    branches: true,
    recursive: true,
    options: {
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      temperature: 0.7,
      title: 'Recipe ideas',
      presetId: null,
    },
    messagesTree: [
      {
        ...base,
        messageId: 'm1',
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        sender: 'User',
        text: 'Give me a soup recipe',
        isCreatedByUser: true,
        createdAt: '2024-01-02T10:00:00.000Z',
        children: [
          {
            ...base,
            messageId: 'm2',
            parentMessageId: 'm1',
            sender: 'GPT-4',
            text: 'Tomato soup: …',
            isCreatedByUser: false,
            createdAt: '2024-01-02T10:00:05.000Z',
            children: [],
          },
          {
            ...base,
            messageId: 'm3',
            parentMessageId: 'm1',
            sender: 'GPT-4',
            text: '',
            content: [{ type: 'text', text: { value: 'Pumpkin soup: …' } }],
            isCreatedByUser: false,
            createdAt: '2024-01-02T10:01:00.000Z',
            children: [],
          },
        ],
      },
    ],
  };
}

/** A sequential (flat) export, as ours writes json with "all branches" and not recursive. */
export function flatExport(conversationId = '0f1a0000-0000-4000-8000-000000000003') {
  return {
    conversationId,
    endpoint: 'anthropic',
    title: 'Flat one',
    branches: true,
    recursive: false,
    options: { model: 'claude-1', topK: 5 },
    messages: [
      {
        messageId: 'x1',
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        sender: 'User',
        text: 'Hello',
        isCreatedByUser: true,
        createdAt: '2024-03-01T09:00:00.000Z',
      },
      {
        messageId: 'x2',
        parentMessageId: 'x1',
        sender: 'Claude',
        text: 'Hi!',
        isCreatedByUser: false,
        createdAt: '2024-03-01T09:00:01.000Z',
      },
    ],
  };
}
