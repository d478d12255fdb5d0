/**
 * A one-time message for the page a form sends the visitor to (e.g. the contact form's
 * "Your message was sent" on /dashboard or /): carried in the navigation's history state, so it
 * never shows in a URL, survives nothing but that navigation and goes when dismissed.
 */
export interface Flash {
  title: string;
  text?: string;
}

/** The history state that carries `flash` (navigate(to, { state: flashState(...) })). */
export function flashState(flash: Flash): { flash: Flash } {
  return { flash };
}

/** The flash a location's state carries, if it is one. */
export function readFlash(state: unknown): Flash | null {
  if (typeof state !== "object" || state === null || !("flash" in state))
    return null;
  const { flash } = state as { flash: unknown };
  if (typeof flash !== "object" || flash === null) return null;
  const { title, text } = flash as { title?: unknown; text?: unknown };
  if (typeof title !== "string" || title === "") return null;
  return typeof text === "string" ? { title, text } : { title };
}
