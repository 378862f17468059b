/** Query keys, one factory per resource (so invalidations and cache updates agree). */
export const queryKeys = {
  config: ['config'] as const,
  user: ['user'] as const,
  /** GET /api/user/terms: whether the person accepted the operator's terms dialog. */
  terms: ['user', 'terms'] as const,
  endpoints: ['endpoints'] as const,
  models: ['models'] as const,
  /** GET /api/assistants: the person's assistants, oldest first (one page of up to 100). */
  assistants: ['assistants'] as const,
  /** GET /api/agents: the person's agents, then those shared with them. */
  agents: ['agents'] as const,
  /** GET /api/presets: the person's presets, the default first. */
  presets: ['presets'] as const,
  /** GET /api/tags: the person's bookmarks in their order, each with its count. */
  tags: ['tags'] as const,
  /** GET /api/plugins: the plugins the server runs. */
  plugins: ['plugins'] as const,
  /** GET /api/mcp/tools: the MCP servers and the tools each lists. */
  mcpTools: ['mcpTools'] as const,
  convos: {
    all: ['convos'] as const,
    /**
     * The infinite list of the sidebar (pages of GET /api/convos). With bookmarks chosen in the
     * sidebar's filter (`?tags=`), a list of its own under the unfiltered one's key, so
     * invalidating the unfiltered list covers the filtered ones too.
     */
    list: (tags: readonly string[] = []) =>
      tags.length === 0
        ? ([...queryKeys.convos.all, 'list'] as const)
        : ([...queryKeys.convos.all, 'list', { tags: [...tags].sort() }] as const),
    one: (conversationId: string) => [...queryKeys.convos.all, 'one', conversationId] as const,
  },
  messages: (conversationId: string) => ['messages', conversationId] as const,
  /**
   * GET /api/messages/:id?limit=: the newest branch's last messages, shown until the full list
   * (above) is there. Under the same prefix, so removing or invalidating a conversation's
   * messages covers it too.
   */
  messagesTail: (conversationId: string) => ['messages', conversationId, 'tail'] as const,
  search: {
    all: ['search'] as const,
    /** The infinite results of one query (pages of GET /api/search), shared by view and sidebar. */
    results: (query: string) => [...queryKeys.search.all, 'results', query] as const,
  },
  /** GET /api/balance: the person's token balance (when checkBalance). */
  balance: ['balance'] as const,
  /** GET /api/premium: the premium models and the person's uses left today. */
  premium: ['premium'] as const,
  /** GET /api/files/config: the upload limits. */
  fileConfig: ['file-config'] as const,
  /** GET /api/search/enable. */
  searchEnabled: ['search-enabled'] as const,
  userKeys: {
    all: ['user-keys'] as const,
    /** GET /api/keys?name=: when the person's own key for an endpoint expires. */
    one: (endpoint: string) => [...queryKeys.userKeys.all, endpoint] as const,
  },
};
