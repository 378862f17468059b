import { describe, expect, it } from 'vitest';
import { concurrentLimitText, isBanText, limitTextParams, messageLimitText } from './moderation.js';

describe('moderation texts', () => {
  it("are the spec's texts, and give back the numbers they were made with", () => {
    expect(concurrentLimitText(2)).toBe(
      'Only 2 message(s) at a time. Please allow any other responses to complete before sending another message, or wait one minute.',
    );
    expect(messageLimitText(40, 1)).toBe(
      'You hit the message limit. You have a cap of 40 message(s) per minute.',
    );
    expect(messageLimitText(5, 15)).toBe(
      'You hit the message limit. You have a cap of 5 message(s) per 15 minutes.',
    );
    expect(limitTextParams(concurrentLimitText(3))).toEqual({ limit: 3 });
    expect(limitTextParams(messageLimitText(40, 1))).toEqual({ max: 40, windowInMinutes: 1 });
    expect(limitTextParams(messageLimitText(5, 15))).toEqual({ max: 5, windowInMinutes: 15 });
    expect(limitTextParams('Something else')).toEqual({});
  });

  it('tells a ban by "ban" in the text (LibreChat: includes)', () => {
    expect(isBanText('Your account has been temporarily banned due to violations of our service.')).toBe(
      true,
    );
    expect(isBanText('Only the operator may do this')).toBe(false);
    expect(isBanText(undefined)).toBe(false);
  });
});
