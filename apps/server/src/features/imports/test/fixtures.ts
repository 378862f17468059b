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
          parts: [
            {
              content_type: 'image_asset_pointer',
              asset_pointer: 'file-service://x',
              width: 800,
              height: 600,
            },
            'And in June?',
          ],
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

const NO_PARENT_ID = '00000000-0000-0000-0000-000000000000';

/** A ChatGPT message node (the mapping's entry) holding `message`. */
function node(
  id: string,
  parent: string | null,
  children: string[],
  message: Record<string, unknown> | null,
) {
  return { id, message, parent, children };
}

/**
 * A ChatGPT conversation with what a plain text import would lose: hidden custom instructions,
 * an uploaded file and image, a Python call and its output, a web search whose results a reply
 * cites in the newer private-use form, an older "【…†source】" citation, a widget of a kind that
 * cannot be shown, and no creation time of its own.
 */
export function chatGptToolsConversation(id = 'c0ffee00-0000-4000-8000-0000000000aa') {
  const t = 1_710_000_000;
  const text = (parts: unknown[]) => ({ content_type: 'text', parts });
  const author = (role: string, name: string | null = null) => ({ role, name, metadata: {} });
  const nodes = [
    node('root', null, ['ctx'], null),
    node('ctx', 'root', ['u1'], {
      id: 'ctx',
      author: author('user'),
      create_time: null,
      content: {
        content_type: 'user_editable_context',
        user_profile: 'I bake bread.',
        user_instructions: 'Be brief.',
      },
      metadata: { is_visually_hidden_from_conversation: true },
      recipient: 'all',
    }),
    node('u1', 'ctx', ['a1'], {
      id: 'u1',
      author: author('user'),
      create_time: t + 10,
      content: {
        content_type: 'multimodal_text',
        parts: [
          {
            content_type: 'image_asset_pointer',
            asset_pointer: 'file-service://file-Crumb01',
            width: 640,
            height: 480,
          },
          'How much flour is in this recipe? Plot the hydration too.',
        ],
      },
      metadata: {
        attachments: [
          { id: 'file-Crumb01', name: 'crumb.jpg', mime_type: 'image/jpeg' },
          { id: 'file-Recipe02', name: 'sourdough.pdf', mime_type: 'application/pdf' },
        ],
      },
      recipient: 'all',
    }),
    node('a1', 'u1', ['t1'], {
      id: 'a1',
      author: author('assistant'),
      create_time: t + 11,
      content: {
        content_type: 'code',
        language: 'unknown',
        text: 'flour = 500\nwater = 375\nprint(water / flour)',
      },
      metadata: { model_slug: 'gpt-4o' },
      recipient: 'python',
    }),
    node('t1', 'a1', ['a2'], {
      id: 't1',
      author: author('tool', 'python'),
      create_time: t + 12,
      content: { content_type: 'execution_output', text: '0.75' },
      metadata: {},
      recipient: 'all',
    }),
    node('a2', 't1', ['a3'], {
      id: 'a2',
      author: author('assistant'),
      create_time: t + 13,
      content: text([{ search_query: [{ q: 'sourdough hydration' }] }].map((q) => JSON.stringify(q))),
      metadata: { model_slug: 'gpt-4o' },
      recipient: 'web.run',
    }),
    node('a3', 'a2', ['w1'], {
      id: 'a3',
      author: author('tool', 'web.run'),
      create_time: t + 14,
      content: text(['']),
      metadata: {
        search_result_groups: [
          {
            type: 'search_result_group',
            domain: 'bakers.example',
            entries: [
              {
                type: 'search_result',
                url: 'https://bakers.example/hydration',
                title: 'Hydration explained',
                ref_id: { turn_index: 0, ref_type: 'search', ref_index: 0 },
              },
              {
                type: 'search_result',
                url: 'javascript:alert(1)',
                title: 'Not a page',
                ref_id: { turn_index: 0, ref_type: 'search', ref_index: 1 },
              },
            ],
          },
        ],
      },
      recipient: 'all',
    }),
    node('w1', 'a3', ['a4'], {
      id: 'w1',
      author: author('assistant'),
      create_time: t + 15,
      content: { content_type: 'canvas_widget_of_the_future', payload: { x: 1 } },
      metadata: {},
      recipient: 'all',
    }),
    node('a4', 'w1', ['a5'], {
      id: 'a4',
      author: author('assistant'),
      create_time: t + 16,
      content: text([
        'The recipe uses 500 g of flour, a 75% hydration \uE200cite\uE202turn0search0\uE201. ' +
          'Bakers call that a wet dough citeturn0search1.',
      ]),
      metadata: { model_slug: 'gpt-4o' },
      recipient: 'all',
    }),
    node('a5', 'a4', [], {
      id: 'a5',
      author: author('assistant'),
      create_time: t + 17,
      content: text(['Rest it overnight【5:0†source】 and bake hot【5:1†source】.']),
      metadata: {
        model_slug: 'gpt-4o',
        citations: [
          {
            start_ix: 17,
            end_ix: 29,
            metadata: {
              type: 'webpage',
              title: 'Overnight [cold] proof',
              url: 'https://bakers.example/proof',
              extra: { cited_message_idx: 5, search_result_idx: 0 },
            },
          },
        ],
      },
      recipient: 'all',
    }),
  ];
  return {
    title: 'Sourdough maths',
    mapping: Object.fromEntries(nodes.map((n) => [n.id, n])),
    current_node: 'a5',
    conversation_id: id,
    default_model_slug: 'gpt-4o',
    id,
  };
}

/**
 * A LibreChat export as its dialog writes json with "recursive" checked: the tree under
 * `messages` (not `messagesTree`), each message with its replies in `children`, two edits of the
 * first question (two roots), a regenerated answer (a branch), and an agent's reply whose
 * `content` holds reasoning, a tool call with its output and an image.
 */
export function libreChatRecursiveExport(conversationId = 'a9e50000-0000-4000-8000-000000000004') {
  const at = (s: number) => new Date(Date.UTC(2024, 5, 1, 12, 0, s)).toISOString();
  const m = (
    messageId: string,
    parentMessageId: string,
    user: boolean,
    text: string,
    s: number,
    children: unknown[] = [],
  ) => ({
    messageId,
    parentMessageId,
    conversationId,
    sender: user ? 'User' : 'Garden agent',
    text,
    isCreatedByUser: user,
    createdAt: at(s),
    endpoint: 'agents',
    children,
  });
  return {
    conversationId,
    endpoint: 'agents',
    title: 'Garden planning',
    exportAt: '12:30:00 GMT+0000 (Coordinated Universal Time)',
    branches: true,
    recursive: true,
    messages: [
      m('g1', NO_PARENT_ID, true, 'What grows in shade?', 1, [
        m('g2', 'g1', false, 'Ferns and hostas.', 2, [
          m('g3', 'g2', true, 'And edible ones?', 3, [
            m('g4', 'g3', false, 'Lettuce and mint.', 4),
            {
              ...m('g5', 'g3', false, '', 5),
              content: [
                { type: 'think', think: 'The person wants food plants.' },
                {
                  type: 'tool_call',
                  tool_call: {
                    id: 'call_1',
                    name: 'plant_lookup',
                    args: '{"light":"shade","edible":true}',
                    output: 'chard, parsley',
                  },
                },
                { type: 'text', text: 'Try chard and parsley.' },
                { type: 'image_url', image_url: { url: 'https://garden.example/chard.png' } },
                { type: 'agent_update', agent_update: { agentId: 'agent_x', index: 0 } },
              ],
              files: [{ file_id: 'f1', filename: 'bed-layout.csv', type: 'text/csv' }],
            },
          ]),
        ]),
      ]),
      m('g6', NO_PARENT_ID, true, 'What grows in deep shade?', 6, [m('g7', 'g6', false, 'Moss, mostly.', 7)]),
    ],
  };
}

/** LibreChat's json export without "recursive" and without "all branches": the branch on screen, a flat list. */
export function libreChatOneBranchExport(conversationId = 'a9e50000-0000-4000-8000-000000000005') {
  const msg = (messageId: string, parentMessageId: string, user: boolean, text: string) => ({
    messageId,
    parentMessageId,
    conversationId,
    sender: user ? 'User' : 'GPT-4o',
    text,
    isCreatedByUser: user,
    createdAt: `2024-07-01T08:00:0${messageId.slice(1)}.000Z`,
  });
  return {
    conversationId,
    endpoint: 'openAI',
    title: 'Packing list',
    exportAt: '08:05:00 GMT+0000 (Coordinated Universal Time)',
    branches: false,
    recursive: false,
    messages: [
      msg('p1', NO_PARENT_ID, true, 'Pack for two days of hiking'),
      msg('p2', 'p1', false, 'Boots, water, a map.'),
      msg('p3', 'p2', true, 'And if it rains?'),
      msg('p4', 'p3', false, 'A shell jacket.'),
    ],
  };
}
