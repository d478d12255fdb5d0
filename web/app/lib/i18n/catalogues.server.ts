import de from "./messages/de.json";
import en from "./messages/en.json";
import enGB from "./messages/en-GB.json";
import fr from "./messages/fr.json";
import type { Messages } from "./load-messages";
import type { Locale } from "./locales";

/** Every catalogue, for the server's first render (the browser loads others on demand). */
export const CATALOGUES: Record<Locale, Messages> = { en, "en-GB": enGB, de, fr };
