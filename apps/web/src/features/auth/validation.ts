export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** What we use of a zod schema (kept structural: the web app doesn't depend on zod itself). */
interface ParsingSchema {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** First issue message (an i18n key) per field, from a contract schema's safeParse. */
export function fieldErrors<K extends string>(
  schema: ParsingSchema,
  values: Record<K, string>,
): FieldErrors<K> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as K | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
