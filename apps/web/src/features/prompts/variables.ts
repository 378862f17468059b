/**
 * A prompt's `{{variables}}`, as LibreChat reads them: `{{name}}` is a free text, `{{name:a|b}}` a
 * choice of a or b. The specials (`{{current_date}}`, `{{current_datetime}}`, `{{iso_datetime}}`,
 * `{{current_user}}`) are filled in without asking. All of it happens here, in the browser.
 */

export interface PromptVariable {
  name: string;
  /** The choices of `{{name:a|b}}`; empty for a free text. */
  options: string[];
}

const VARIABLE = /{{(.*?)}}/g;
const SPECIALS = new Set(['current_date', 'current_datetime', 'iso_datetime', 'current_user']);

const nameOf = (raw: string) => {
  const at = raw.indexOf(':');
  return (at < 0 ? raw : raw.slice(0, at)).trim();
};

/** The variables a person fills in, each once, in the order they first appear. */
export function extractVariables(text: string): PromptVariable[] {
  const out: PromptVariable[] = [];
  for (const match of text.matchAll(VARIABLE)) {
    const raw = match[1] ?? '';
    const name = nameOf(raw);
    if (name === '' || SPECIALS.has(name.toLowerCase()) || out.some((v) => v.name === name)) continue;
    const at = raw.indexOf(':');
    const options =
      at < 0
        ? []
        : raw
            .slice(at + 1)
            .split('|')
            .map((o) => o.trim())
            .filter((o) => o !== '');
    out.push({ name, options });
  }
  return out;
}

/** Every `{{name}}` and `{{name:…}}` of the text replaced by the value given for that name. */
export function fillVariables(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(VARIABLE, (whole, raw: string) => {
    const value = values[nameOf(raw)];
    return value === undefined ? whole : value;
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The specials filled in as LibreChat writes them: the date as `YYYY-MM-DD (d)` (d the weekday,
 * 0 for Sunday), the date and time, the ISO time, and the person's name.
 */
export function replaceSpecialVars(
  text: string,
  options: { now: Date; userName?: string | undefined },
): string {
  const d = options.now;
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  let out = text
    .replace(/{{current_date}}/gi, `${date} (${d.getDay()})`)
    .replace(/{{current_datetime}}/gi, `${date} ${time} (${d.getDay()})`)
    .replace(/{{iso_datetime}}/gi, d.toISOString());
  if (options.userName) out = out.replace(/{{current_user}}/gi, () => options.userName ?? '');
  return out;
}

/** The groups a `/` query finds: commands starting with it first, then names containing it. */
export function matchPrompts<G extends { name: string; command?: string | undefined }>(
  groups: readonly G[],
  query: string,
): G[] {
  const q = query.toLowerCase();
  const byCommand = groups.filter((g) => g.command?.startsWith(q));
  const byName = groups.filter((g) => !byCommand.includes(g) && g.name.toLowerCase().includes(q));
  return [...byCommand, ...byName];
}
