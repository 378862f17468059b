/**
 * What the builder reads of a pasted spec before sending it: the host of its first server (the
 * action's `domain`) and its operations' names (LibreChat's `functions`). A light reading of JSON
 * or YAML text, without a YAML parser in the page: the server reads the spec fully and checks it.
 */
export interface SpecOutline {
  domain: string | null;
  functions: string[];
}

function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

export function outlineOf(raw: string): SpecOutline {
  const text = raw.trim();
  if (text.startsWith('{')) {
    try {
      const doc = JSON.parse(text) as {
        servers?: { url?: string }[];
        paths?: Record<string, Record<string, { operationId?: string }>>;
      };
      const functions = Object.values(doc.paths ?? {}).flatMap((item) =>
        Object.values(item ?? {}).flatMap((op) =>
          typeof op === 'object' && op && typeof op.operationId === 'string' ? [op.operationId] : [],
        ),
      );
      return { domain: hostOf(doc.servers?.[0]?.url), functions };
    } catch {
      return { domain: null, functions: [] };
    }
  }
  const servers = text.slice(Math.max(0, text.search(/^servers:/m)));
  const url = /\burl:\s*["']?(https?:\/\/[^\s"',}\]]+)/.exec(servers)?.[1];
  const functions = [...text.matchAll(/^\s*operationId:\s*["']?([A-Za-z0-9_-]+)/gm)].map((m) => m[1]!);
  return { domain: hostOf(url), functions };
}
