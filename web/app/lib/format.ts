/** Small display formats shared by job pages and search results, in the reader's locale. */
import { useMemo } from "react";
import { useIntl } from "react-intl";
import { kept } from "~/lib/kept-formats";
import { formatSalary, type SalaryRangeValue } from "~/lib/salary";

export interface AddressLike {
  locality: string;
  countryCode: string;
  zip?: string | null;
  addressLine1?: string | null;
  administrativeArea?: string | null;
}

export function locationLabel(address: AddressLike): string {
  return [address.locality, address.administrativeArea, address.countryCode].filter(Boolean).join(", ");
}

/**
 * "23 Nov 2026" (en-GB), "Nov 23, 2026" (en), "23. Nov. 2026" (de); empty for no date. The locale
 * is the page's (useLocaleFormat), never a default: a date must not stay British on a German page.
 */
export function formatDate(value: unknown, locale: string): string {
  if (typeof value !== "string" || !value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return kept(dateFormats, locale, () =>
    new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
  ).format(date);
}

/** "12,345" (en), "12.345" (de), "12 345" (fr). */
export function formatCount(value: number, locale: string): string {
  return kept(countFormats, locale, () => new Intl.NumberFormat(locale)).format(value);
}

// one per locale, kept (kept-formats.ts)
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const countFormats = new Map<string, Intl.NumberFormat>();


/** How a locale groups thousands and marks decimals, for number inputs: "," and "." in en, "." and "," in de. */
export function numberSeparators(locale: string): { thousandSeparator: string; decimalSeparator: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    thousandSeparator: parts.find((part) => part.type === "group")?.value ?? ",",
    decimalSeparator: parts.find((part) => part.type === "decimal")?.value ?? ".",
  };
}

/** The formats above bound to the page's locale (react-intl's). */
export function useLocaleFormat() {
  const intl = useIntl();
  return useMemo(
    () => ({
      locale: intl.locale,
      date: (value: unknown) => formatDate(value, intl.locale),
      count: (value: number) => formatCount(value, intl.locale),
      salary: (range: SalaryRangeValue | null | undefined) => formatSalary(range, intl),
    }),
    [intl],
  );
}
