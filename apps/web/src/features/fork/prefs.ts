import { FORK_DEFAULT_OPTION, FORK_LOCAL_KEYS, isForkOption, type ForkOption } from '@chat/contract';

/** The fork preferences kept in this browser (LibreChat's local storage names). */
export interface ForkPrefs {
  /** The option "Remember" kept, or null when nothing is remembered. */
  remembered: ForkOption | null;
  /** "Start fork here", as last left. */
  splitAtTarget: boolean;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage off or full: the choice lasts for this page only.
  }
}

export function readForkPrefs(): ForkPrefs {
  const option = read(FORK_LOCAL_KEYS.forkSetting);
  const remember = read(FORK_LOCAL_KEYS.rememberForkOption) === 'true';
  return {
    remembered: remember && isForkOption(option) ? option : null,
    splitAtTarget: read(FORK_LOCAL_KEYS.splitAtTarget) === 'true',
  };
}

/** Keeps `option` as the default, or forgets the default (null). */
export function rememberForkOption(option: ForkOption | null): void {
  write(FORK_LOCAL_KEYS.forkSetting, option);
  write(FORK_LOCAL_KEYS.rememberForkOption, option === null ? null : 'true');
}

export function saveSplitAtTarget(on: boolean): void {
  write(FORK_LOCAL_KEYS.splitAtTarget, on ? 'true' : null);
}

/** The option shown as the default: the remembered one, else LibreChat's. */
export const defaultForkOption = (prefs: ForkPrefs): ForkOption => prefs.remembered ?? FORK_DEFAULT_OPTION;
