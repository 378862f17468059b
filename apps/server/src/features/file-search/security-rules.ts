import type { SecurityRules } from '../../platform/security-rules.js';

/**
 * Who may call the file search routes (the security suites read this): an upload is the caller's
 * own new file; the state of another user's document is not found, as an unknown one's.
 */
export const securityRules: SecurityRules = {
  'POST /api/files': {
    access: 'user',
    why: "stores a new document of the caller's own for file search",
    example: () => {
      const form = new FormData();
      form.append('file_id', crypto.randomUUID());
      form.append('tool_resource', 'file_search');
      form.append('file', new Blob(['Notes for the search.'], { type: 'text/plain' }), 'notes.txt');
      return { body: form };
    },
  },
  'GET /api/files/search-status': {
    access: 'owner',
    probe: (f) => ({ query: { file_ids: f.searchFileId } }),
    ownerStatus: 200,
  },
};
