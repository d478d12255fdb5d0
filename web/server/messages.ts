import { readFileSync } from "node:fs";
import express, { type Router } from "express";
import { isLocale, LOCALES } from "../app/lib/i18n/locales.js";

export type Catalogues = Record<string, Record<string, string>>;

/** Reads `<dir>/<locale>.json` for every locale the site knows, once, at start-up. */
export function readCatalogues(dir: URL): Catalogues {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      JSON.parse(
        readFileSync(new URL(`${locale}.json`, dir), "utf8"),
      ) as Record<string, string>,
    ]),
  );
}

/**
 * GET /api/messages/{locale} (spec 2 and 7): "a messages JSON string", i.e. a JSON string whose
 * text is the catalogue (an object of message ids to ICU patterns) as JSON; the client parses
 * both layers (lib/i18n/load-messages). An unknown locale answers 404 with a JSON error.
 */
export function messagesEndpoint(catalogues: Catalogues): Router {
  const router = express.Router();
  // Serialized once: every answer of a locale is the same string.
  const serialized = new Map(
    Object.entries(catalogues).map(([locale, catalogue]) => [
      locale,
      JSON.stringify(catalogue),
    ]),
  );
  router.get("/:locale", (req, res) => {
    const { locale } = req.params;
    const catalogue = isLocale(locale) ? serialized.get(locale) : undefined;
    if (catalogue === undefined) {
      res
        .status(404)
        .json({
          error: "unknown_locale",
          message: `No messages for locale ${locale}.`,
        });
      return;
    }
    // A deploy changes them; a few minutes of staleness is fine and saves a request per page.
    res.set("Cache-Control", "public, max-age=300");
    res.json(catalogue);
  });
  return router;
}
