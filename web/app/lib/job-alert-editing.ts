/**
 * "Edit the search" of a job alert: the account's alert list sends its owner to the alert's
 * search page and remembers, for this tab, which alert is being edited; the search page then
 * offers to save the search it shows to that alert, however the owner changes the filters on
 * the way (facet links rebuild the URL, so the alert cannot ride in the query string).
 */
import { useSyncExternalStore } from "react";

export interface EditedAlert {
  id: string;
  name: string;
}

const KEY = "jobboard.editedJobAlert";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null; // storage blocked: the search page offers a new alert instead
  }
}

const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export function startEditingAlert(alert: EditedAlert): void {
  storage()?.setItem(KEY, JSON.stringify({ id: alert.id, name: alert.name }));
  changed();
}

function parse(raw: string | null | undefined): EditedAlert | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === "object" &&
      value !== null &&
      typeof (value as EditedAlert).id === "string" &&
      typeof (value as EditedAlert).name === "string"
    )
      return { id: (value as EditedAlert).id, name: (value as EditedAlert).name };
  } catch {
    // a damaged entry is no edit in progress
  }
  return null;
}

export function editedAlert(): EditedAlert | null {
  return parse(storage()?.getItem(KEY));
}

export function stopEditingAlert(): void {
  storage()?.removeItem(KEY);
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The alert whose search is being edited in this tab, or null (always null on the server and
 * in the first render after hydration, so both render the same).
 */
export function useEditedAlert(): EditedAlert | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => storage()?.getItem(KEY) ?? "",
    () => "",
  );
  return parse(raw);
}
