/**
 * Drafts that hold someone's personal details in this browser's local storage (a quick-apply
 * form: name, address, phone, cover letter). They outlive a tab so an applicant can come back,
 * and are forgotten when someone logs out, so the next person on a shared device never sees them.
 */

/** The local-storage key of a job's quick-apply draft. */
export const QUICK_APPLY_DRAFT_PREFIX = "jobboard.quick-apply.";

const PERSONAL_PREFIXES = [QUICK_APPLY_DRAFT_PREFIX];

/** Removes every personal draft from `storage` (the browser's local storage by default). */
export function forgetPersonalDrafts(
  storage:
    | Pick<Storage, "key" | "length" | "removeItem">
    | undefined = typeof window === "undefined"
    ? undefined
    : window.localStorage,
): void {
  if (!storage) return;
  const doomed: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const name = storage.key(index);
    if (name && PERSONAL_PREFIXES.some((prefix) => name.startsWith(prefix)))
      doomed.push(name);
  }
  doomed.forEach((name) => storage.removeItem(name));
}
