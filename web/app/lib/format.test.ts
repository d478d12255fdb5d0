import { describe, expect, it } from "vitest";
import { createIntl } from "react-intl";
import de from "~/lib/i18n/messages/de.json";
import enGB from "~/lib/i18n/messages/en-GB.json";
import fr from "~/lib/i18n/messages/fr.json";
import { formatCount, formatDate } from "./format";
import { onIntlError } from "./i18n/intl-errors";
import { formatSalary } from "./salary";

const intlFor = (locale: string, messages: Record<string, string> = {}) => createIntl({ locale, messages, onError: onIntlError });
const range = { minSalary: 40000, maxSalary: 55000, currencyCode: "EUR", salaryUnit: "YEAR" } as const;

describe("formats per locale", () => {
  it("dates", () => {
    const published = "2026-11-23T10:00:00Z";
    expect(formatDate(published, "en")).toBe("Nov 23, 2026");
    expect(formatDate(published, "en-GB")).toBe("23 Nov 2026");
    expect(formatDate(published, "de")).toBe("23. Nov. 2026");
    expect(formatDate(published, "fr")).toBe("23 nov. 2026");
    expect(formatDate("not a date", "de")).toBe("");
  });

  it("numbers", () => {
    expect(formatCount(12345, "en")).toBe("12,345");
    expect(formatCount(12345, "de")).toBe("12.345");
    expect(formatCount(12345, "fr")).toMatch(/^12\s345$/);
  });

  it("salaries, with their currency and unit in the reader's language", () => {
    expect(formatSalary(range)).toBe("€40,000 – €55,000 per year");
    expect(formatSalary(range, intlFor("en-GB", enGB))).toBe("€40,000 – €55,000 per year");
    expect(formatSalary(range, intlFor("de", de))).toMatch(/^40\.000\s€ – 55\.000\s€ pro Jahr$/);
    expect(formatSalary(range, intlFor("fr", fr))).toMatch(/^40\s000\s€ – 55\s000\s€ par an$/);
    expect(
      formatSalary({ minSalary: 3000, maxSalary: null, currencyCode: "GBP", salaryUnit: "MONTH" }, intlFor("de", de)),
    ).toMatch(/^Ab 3\.000\s£ pro Monat$/);
    expect(
      formatSalary({ minSalary: null, maxSalary: 25.5, currencyCode: "USD", salaryUnit: "HOUR" }, intlFor("fr", fr)),
    ).toMatch(/^Jusqu'à 25,50\s\$US de l'heure$/);
  });

  it("a missing translation falls back to the en text with the locale's numbers", () => {
    expect(formatSalary(range, intlFor("de", {}))).toMatch(/^40\.000\s€ – 55\.000\s€ per year$/);
  });
});
