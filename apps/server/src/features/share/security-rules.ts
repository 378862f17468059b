import type { SecurityRules } from '../../platform/security-rules.js';

/**
 * Who may call the shared links' routes (the security suites read this, docs/architecture.md "The
 * route table"): the snapshot is public (ALLOW_SHARED_LINKS_PUBLIC, on in the suites); making,
 * updating and deleting a link are its owner's, and someone else's link or conversation is not found.
 */
export const securityRules: SecurityRules = {
  'GET /api/share/:shareId': {
    access: 'public',
    anonymous: { params: { shareId: 'no-such-share-id' }, status: 404 },
    example: (f) => ({ params: { shareId: f.shareId } }),
  },
  'GET /api/share': { access: 'list', probe: () => ({}) },
  'GET /api/share/link/:conversationId': {
    access: 'owner',
    probe: (f) => ({ params: { conversationId: f.convoId } }),
    ownerStatus: 200,
  },
  'POST /api/share/:conversationId': {
    access: 'owner',
    probe: (f) => ({ params: { conversationId: f.convoId }, body: {} }),
    ownerStatus: 200,
  },
  'POST /api/share/link/:conversationId': {
    access: 'owner',
    probe: (f) => ({ params: { conversationId: f.convoId }, body: {} }),
    ownerStatus: 200,
  },
  'PATCH /api/share/:shareId': {
    access: 'owner',
    probe: (f) => ({ params: { shareId: f.shareId } }),
    ownerStatus: 200,
  },
  'DELETE /api/share/:shareId': { access: 'owner', probe: (f) => ({ params: { shareId: f.shareId } }) },
};
