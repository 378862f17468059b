import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A row of `table` from its `row_to_json` object (snake_case column names, timestamps as ISO
 * text): each of the table's columns read through its own driver mapping, as a select would give
 * it. For statements drizzle's builders cannot write (several data-modifying CTEs in one).
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
