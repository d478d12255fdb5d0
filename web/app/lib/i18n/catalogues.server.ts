import { parse } from "@formatjs/icu-messageformat-parser";
import de from "./messages/de.json";
import en from "./messages/en.json";
import enGB from "./messages/en-GB.json";
import fr from "./messages/fr.json";
import { compileMessages, type CompiledMessages } from "./compile-messages";
import type { Messages } from "./load-messages";
import type { Locale } from "./locales";

/** Every catalogue, for the server's first render (the browser loads others on demand). */
export const CATALOGUES: Record<Locale, Messages> = { en, "en-GB": enGB, de, fr };

const compiled = new Map<Locale, CompiledMessages>();

/** A locale's catalogue as the browser takes it (parsed once per process). */
export function compiledCatalogue(locale: Locale): CompiledMessages {
  let messages = compiled.get(locale);
  if (!messages) {
    messages = compileMessages(CATALOGUES[locale], (text) => parse(text));
    compiled.set(locale, messages);
  }
  return messages;
}
