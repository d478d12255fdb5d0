import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import de from "./messages/de.json";
import en from "./messages/en.json";
import enGB from "./messages/en-GB.json";
import fr from "./messages/fr.json";
import { LOCALES } from "./locales";

const CATALOGUES: Record<string, Record<string, string>> = { en, "en-GB": enGB, de, fr };

/** The argument and tag names a pattern uses, nested plural/select branches included. */
function names(elements: readonly MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(`${TYPE[element.type] === "tag" ? "<" : ""}${element.value}`);
    if (element.type === TYPE.tag) names(element.children, into);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) names(option.value, into);
  }
  return into;
}

describe("the message catalogues", () => {
  it("exist for every locale the site knows", () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LOCALES].sort());
  });

  // Every locale is complete: a translator adds each new en message (a missing one would show
  // the en text, which the fallback test covers, but should not ship).
  it.each(["en-GB", "de", "fr"])("%s has exactly the keys of en", (locale) => {
    expect(Object.keys(CATALOGUES[locale] ?? {}).sort()).toEqual(Object.keys(en).sort());
  });

  it.each([...LOCALES])("%s: every pattern parses and uses the same arguments and tags as en", (locale) => {
    const catalogue = CATALOGUES[locale] ?? {};
    for (const [id, pattern] of Object.entries(catalogue)) {
      const source = (en as Record<string, string>)[id] ?? "";
      expect({ id, names: [...names(parse(pattern))].sort() }).toEqual({
        id,
        names: [...names(parse(source))].sort(),
      });
      expect(pattern.trim(), id).not.toBe("");
    }
  });
});
