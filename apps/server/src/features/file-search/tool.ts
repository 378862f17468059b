import { FILE_SEARCH_LIMITS, FILE_SEARCH_TOOL, type FileSearchSource } from '@chat/contract';
import type { PluginAskScope, PluginDefinition, PluginSource } from '../plugins/index.js';
import { stringArg } from '../plugins/index.js';
import type { FileSearchRepo } from './repo.js';
import { retrieve, type RetrieveDeps } from './retrieve.js';

/** What the model reads of the passages: each with its file's name and relevance (LibreChat's layout). */
function report(sources: readonly FileSearchSource[]): string {
  if (sources.length === 0) return 'No passage of the files matches this query. Try other words.';
  return sources
    .map((s) => {
      const page = s.pages.length > 0 ? `\nPage: ${s.pages.join(', ')}` : '';
      return `File: ${s.fileName}${page}\nRelevance: ${s.relevance.toFixed(4)}\nContent: ${s.content}\n`;
    })
    .join('\n---\n');
}

export interface FileSearchToolDeps extends RetrieveDeps {
  repo: FileSearchRepo;
}

/**
 * What an ask searches: the caller's documents of the conversation, then those of the agent it
 * talks to (its owner's, attached to the agent), each once.
 */
async function searchable(repo: FileSearchRepo, userId: string, ask: PluginAskScope) {
  const own = await repo.conversationFiles(userId, ask.conversationId, ask.fileIds);
  const agent = ask.agentFiles;
  if (!agent || agent.fileIds.length === 0) return own;
  const seen = new Set(own.map((f) => f.fileId));
  const shared = (await repo.readyFiles(agent.ownerId, agent.fileIds))
    .filter((f) => !seen.has(f.fileId))
    .map((f) => ({ ...f, ownerId: agent.ownerId }));
  return [...own, ...shared];
}

/**
 * LibreChat's `file_search` tool: the conversation's documents (the user's own, on their messages
 * of this conversation or on the message being sent, read and indexed) searched for the model's
 * query, and the documents of the agent the ask talks to. The model gets the best passages, never a whole document; the passages stay on the
 * call's display state, which the web cites under the reply.
 */
function fileSearchPlugin(deps: FileSearchToolDeps): PluginDefinition {
  return {
    key: FILE_SEARCH_TOOL,
    name: 'File Search',
    description: 'Searches the documents uploaded to the conversation.',
    toolDescription:
      'Performs a search across the documents the user uploaded to this conversation (and those of ' +
      'the agent, if any) and returns the ' +
      'passages that best match the query, each with its file name. Use it to find facts, quotes and ' +
      'sections within those files; name the file you draw from in your answer.',
    icon: '/assets/plugins/file-search.svg',
    authConfig: [],
    unlisted: true,
    parameters: {
      type: 'object',
      properties: {
        query: {
          type: 'string',
          description:
            'What to look for in the files, in natural language; specific words of the subject help.',
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
    async run(raw, { userId, ask }) {
      const query = stringArg(raw, 'query', FILE_SEARCH_LIMITS.queryMaxChars);
      const files = ask ? await searchable(deps.repo, userId, ask) : [];
      if (files.length === 0) return { output: 'There are no files to search in this conversation.' };
      const sources = await retrieve(deps, userId, files, query, FILE_SEARCH_LIMITS.topK);
      return { output: report(sources), display: { file_search: { sources } } };
    },
  };
}

/** File search as a source of plugins: file_search, offered to an ask whose conversation has documents. */
export function fileSearchSource(deps: FileSearchToolDeps): PluginSource {
  const plugin = fileSearchPlugin(deps);
  return {
    name: 'file-search',
    definitions: () => [plugin],
    async offered(userId: string, ask: PluginAskScope) {
      if (!ask.conversationId && ask.fileIds.length === 0) return [];
      const files = await deps.repo.conversationFiles(userId, ask.conversationId, ask.fileIds);
      return files.length > 0 ? [FILE_SEARCH_TOOL] : [];
    },
  };
}
