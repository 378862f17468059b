import { PROMPT_EXPORT_VERSION, type Prompt, type PromptExport, type PromptGroup } from '@chat/contract';

/** A group and its versions as the file an import reads back: oldest version first, production marked. */
export function toExportFile(group: PromptGroup, versions: readonly Prompt[]): PromptExport {
  return {
    version: PROMPT_EXPORT_VERSION,
    group: {
      name: group.name,
      category: group.category,
      oneliner: group.oneliner,
      command: group.command ?? null,
    },
    prompts: [...versions].reverse().map((p) => ({
      prompt: p.prompt,
      type: p.type,
      ...(p._id === group.productionId ? { production: true } : {}),
    })),
  };
}

/** A file name from the group's name: letters, digits and dashes. */
export function exportFileName(group: Pick<PromptGroup, 'name'>): string {
  const base = group.name
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'prompt'}.json`;
}

/** Saves the file through the browser's download. */
export function downloadJson(name: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
