// The conversation options' limits and choices, zod-free; the schemas of users, conversations and
// messages are in entities-schemas.ts.

/** A conversation's custom name for the model (chatGptLabel): at most this many characters. */
export const CUSTOM_NAME_MAX = 256;
/** Google's examples (pairs of a person's turn and the model's answer) one conversation may carry. */
export const GOOGLE_EXAMPLES_MAX = 20;

/** How closely OpenAI looks at an image (the conversation's imageDetail). */
export const IMAGE_DETAILS = ['low', 'auto', 'high'] as const;
