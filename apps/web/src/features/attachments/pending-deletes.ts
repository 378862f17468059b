import { LOCAL_KEYS, type FileSource } from '@chat/contract';

/** An uploaded file not (yet) sent in a message: deleted on the next load or new chat. */
export interface PendingFile {
  file_id: string;
  filepath: string;
  source: FileSource;
}

function read(): Record<string, PendingFile> {
  try {
    const raw = JSON.parse(localStorage.getItem(LOCAL_KEYS.filesToDelete) ?? '{}') as unknown;
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, PendingFile>) : {};
  } catch {
    return {};
  }
}

function write(files: Record<string, PendingFile>): void {
  if (Object.keys(files).length === 0) localStorage.removeItem(LOCAL_KEYS.filesToDelete);
  else localStorage.setItem(LOCAL_KEYS.filesToDelete, JSON.stringify(files));
}

/** filesToDelete (LOCAL_KEYS.filesToDelete): uploads held in the input and not sent. */
export const pendingFiles = {
  all: (): PendingFile[] => Object.values(read()),
  add(file: PendingFile): void {
    write({ ...read(), [file.file_id]: file });
  },
  remove(ids: readonly string[]): void {
    const files = read();
    for (const id of ids) delete files[id];
    write(files);
  },
};
