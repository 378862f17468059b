import { describe, expect, it } from 'vitest';
import {
  CORE_VALIDATION_TEXTS,
  FEATURE_VALIDATION_TEXTS,
  VALIDATION_TEXTS,
  isValidationKey,
} from './validation-texts.js';

describe('validation texts', () => {
  it("hold the core's and every feature's, each key declared once", () => {
    const sets = [CORE_VALIDATION_TEXTS, ...Object.values(FEATURE_VALIDATION_TEXTS)];
    const keys = sets.flatMap((set) => Object.keys(set));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    expect(Object.keys(VALIDATION_TEXTS).sort()).toEqual([...keys].sort());
    expect(isValidationKey('com_ui_feedback_tag_not_of_rating')).toBe(true);
    expect(VALIDATION_TEXTS.com_ui_feedback_text_too_long).toBe('Comment must be at most 1024 characters');
  });
});
