import type { SecurityRules } from '../../platform/security-rules.js';

/**
 * Who may call the feedback routes (the security suites read this, docs/architecture.md "The route
 * table"): only the conversation's owner rates its replies or reads the ratings.
 */
export const securityRules: SecurityRules = {
  'PUT /api/messages/:conversationId/:messageId/feedback': {
    access: 'owner',
    probe: (f) => ({
      params: { conversationId: f.convoId, messageId: f.replyMessageId },
      body: { feedback: { rating: 'thumbsDown', tag: 'inaccurate', text: 'Probe' } },
    }),
    ownerStatus: 200,
  },
  'GET /api/messages/:conversationId/feedback': {
    access: 'owner',
    probe: (f) => ({ params: { conversationId: f.convoId } }),
    ownerStatus: 200,
  },
};
