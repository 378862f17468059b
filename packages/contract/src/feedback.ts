/**
 * Message feedback: a person's thumbs up or down on a reply, with an optional reason (LibreChat's
 * tag keys) and a few words. Zod-free: the web's buttons read the ratings, tags and limits; the
 * schemas and route rows are in feedback-schemas.ts.
 */

export const FEEDBACK_RATINGS = ['thumbsUp', 'thumbsDown'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** The reasons offered for each rating, LibreChat's keys in its order. */
export const FEEDBACK_TAGS = {
  thumbsDown: [
    'not_matched',
    'inaccurate',
    'bad_style',
    'missing_image',
    'unjustified_refusal',
    'not_helpful',
    'other',
  ],
  thumbsUp: ['accurate_reliable', 'creative_solution', 'clear_well_written', 'attention_to_detail'],
} as const;
export type FeedbackTagKey = (typeof FEEDBACK_TAGS)[FeedbackRating][number];

export const FEEDBACK_TAG_KEYS: readonly FeedbackTagKey[] = [
  ...FEEDBACK_TAGS.thumbsDown,
  ...FEEDBACK_TAGS.thumbsUp,
];

/** Whether `tag` is one of the reasons of `rating` (a thumbs down has no "creative" reason). */
export const isTagOf = (rating: FeedbackRating, tag: string): boolean =>
  (FEEDBACK_TAGS[rating] as readonly string[]).includes(tag);

/**
 * The i18n key of a reason's label: LibreChat's names, but for `other`, whose key would end in
 * `_other`, which i18next reads as a plural form.
 */
export const feedbackTagLabel = (tag: FeedbackTagKey): string =>
  tag === 'other' ? 'com_ui_feedback_tag_something_else' : `com_ui_feedback_tag_${tag}`;

export const FEEDBACK_LIMITS = {
  /** The longest comment, LibreChat's. */
  textMaxChars: 1024,
} as const;

/**
 * The feedback schemas' validation messages (validation-texts.ts lists them with the core's); the
 * web translates them in its feedback texts.
 */
export const FEEDBACK_VALIDATION_TEXTS = {
  com_ui_feedback_tag_not_of_rating: 'This reason does not go with the chosen rating',
  com_ui_feedback_text_too_long: `Comment must be at most ${FEEDBACK_LIMITS.textMaxChars} characters`,
} as const;
