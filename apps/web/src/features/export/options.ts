/** The export dialog's types and rules. */
export const EXPORT_TYPES = ['screenshot', 'text', 'markdown', 'json', 'csv', 'webpage'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

export const EXTENSIONS: Record<ExportType, string> = {
  screenshot: 'png',
  text: 'txt',
  markdown: 'md',
  json: 'json',
  csv: 'csv',
  webpage: 'html',
};

export interface ExportSettings {
  type: ExportType;
  includeOptions: boolean;
  /** All message branches rather than the branch on screen. */
  branches: boolean;
  /** json with branches: a tree (each message with its children) rather than a list. */
  recursive: boolean;
}

/** A screenshot's background, by theme (the chat's own colours, fixed so every export matches). */
export const SCREENSHOT_BACKGROUND = { dark: '#343541', light: '#ffffff' } as const;

/** What the dialog starts with each time it opens. */
export const DEFAULT_EXPORT_SETTINGS: ExportSettings = {
  type: 'screenshot',
  includeOptions: true,
  branches: false,
  recursive: true,
};

/** Only json, csv and a webpage can hold every branch. */
export const branchesSupported = (type: ExportType): boolean =>
  type === 'json' || type === 'csv' || type === 'webpage';
/** A screenshot and a csv have no place for the endpoint options. */
export const optionsSupported = (type: ExportType): boolean => type !== 'csv' && type !== 'screenshot';
/** The tree or list choice is json's, and only with every branch. */
export const recursiveSupported = (s: Pick<ExportSettings, 'type' | 'branches'>): boolean =>
  s.type === 'json' && s.branches;

/** Choosing a type turns its supported choices on and the others off. */
export function withType(settings: ExportSettings, type: ExportType): ExportSettings {
  return { ...settings, type, includeOptions: optionsSupported(type), branches: branchesSupported(type) };
}
