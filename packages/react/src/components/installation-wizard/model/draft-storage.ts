import type { WizardDraft } from './draft.js';
import { newFilterKey } from './initial-draft.js';

/**
 * An unsaved wizard kept in the tab's session storage, so a reload, Back/Forward or a visit to another
 * page loses nothing. Keyed by the host's `draftKey` (something naming the signed-in user), the
 * integration and the mode: one user's draft is never offered to another; `clearWizardDrafts` on
 * sign-out removes them all.
 */
export interface SavedDraft {
  v: 1;
  draft: WizardDraft;
  stepId: string;
  visited: number;
  /** Editing: the installation's revision the draft was made on; another revision drops it. */
  revision: string | null;
}

const prefix = 'splice:wizard:';

export function draftStorageKey(draftKey: string, integrationId: string, mode: 'install' | 'edit'): string {
  return `${prefix}${mode}:${integrationId}:${draftKey}`;
}

/** Session storage when the page has a usable one (not on a server, not when the browser refuses it). */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The saved draft, or null when there is none or it is not one this version wrote. */
export function readSavedDraft(key: string): SavedDraft | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const saved: unknown = JSON.parse(raw);
    if (!isRecord(saved) || saved.v !== 1 || !isRecord(saved.draft)) return null;
    const { draft } = saved;
    if (!isRecord(draft.read) || !isRecord(draft.write) || typeof saved.stepId !== 'string') return null;
    // Filter rows get keys of this page: saved keys would collide with the ones new rows get.
    for (const object of Object.values(draft.read)) {
      if (!isRecord(object) || !Array.isArray(object.filters)) return null;
      object.filters = object.filters.map((filter: Record<string, unknown>) => ({
        ...filter,
        key: newFilterKey(),
      }));
    }
    return saved as unknown as SavedDraft;
  } catch {
    return null;
  }
}

export function writeSavedDraft(key: string, saved: SavedDraft): void {
  try {
    storage()?.setItem(key, JSON.stringify(saved));
  } catch {
    // Full or refused storage: the draft still lives in memory; only a reload would lose it.
  }
}

export function removeSavedDraft(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove where storage is refused.
  }
}

/**
 * Removes every wizard draft this tab keeps. Call it on sign-out, so that nothing one user chose stays
 * in the tab for whoever signs in next.
 */
export function clearWizardDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key?.startsWith(prefix) ?? false,
    );
    for (const key of keys) store.removeItem(key);
  } catch {
    // Refused storage holds no drafts.
  }
}
