/**
 * The retention as words in `language`: whole days when it is a whole number of days (720 h:
 * "30 days"), else hours; the plural and the unit's name are the browser's (Intl).
 */
export function retentionText(hours: number, language: string): string {
  const days = hours / 24;
  const [value, unit] = Number.isInteger(days) ? [days, 'day'] : [hours, 'hour'];
  try {
    return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  } catch {
    return new Intl.NumberFormat('en-US', { style: 'unit', unit, unitDisplay: 'long' }).format(value);
  }
}
