import type { IntlShape } from "react-intl";
import { defineMessages } from "~/lib/i18n/define-messages";
import { SITE_INTL } from "~/lib/i18n/site-intl";
import { kept } from "~/lib/kept-formats";

/** A salary range as the jobs API answers it (spec 3: minSalary, maxSalary, currencyCode, salaryUnit). */
export interface SalaryRangeValue {
  minSalary?: number | null;
  maxSalary?: number | null;
  currencyCode: string;
  salaryUnit: "HOUR" | "DAY" | "WEEK" | "MONTH" | "YEAR";
}

/** "{amount} per year": the unit after the amount or range, in the reader's language. */
const UNIT_MESSAGES = defineMessages({
  HOUR: { id: "salary.perHour", defaultMessage: "{amount} per hour" },
  DAY: { id: "salary.perDay", defaultMessage: "{amount} per day" },
  WEEK: { id: "salary.perWeek", defaultMessage: "{amount} per week" },
  MONTH: { id: "salary.perMonth", defaultMessage: "{amount} per month" },
  YEAR: { id: "salary.perYear", defaultMessage: "{amount} per year" },
});

const RANGE_MESSAGES = defineMessages({
  range: { id: "salary.range", defaultMessage: "{min} – {max}" },
  from: { id: "salary.from", defaultMessage: "From {min}" },
  upTo: { id: "salary.upTo", defaultMessage: "Up to {max}" },
});

const moneyFormats = new Map<string, Intl.NumberFormat>();

function money(amount: number, currency: string, locale: string): string {
  const whole = Number.isInteger(amount);
  try {
    const digits = whole ? 0 : 2;
    return kept(moneyFormats, `${locale} ${currency} ${digits}`, () =>
      new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }),
    ).format(amount);
  } catch {
    // An unknown currency code: the number with the code, never an exception on a page.
    return `${new Intl.NumberFormat(locale).format(amount)} ${currency}`;
  }
}

/**
 * "€40,000 – €55,000 per year", "From $25 per hour", "Up to £3,000 per month"; null without
 * an amount. Intl formats each amount in its currency.
 */
export function formatSalary(range: SalaryRangeValue | null | undefined, intl: IntlShape = SITE_INTL): string | null {
  if (!range) return null;
  const { minSalary: min, maxSalary: max, currencyCode, salaryUnit } = range;
  const amount = (value: number) => money(value, currencyCode, intl.locale);
  const hasMin = typeof min === "number";
  const hasMax = typeof max === "number";
  let text: string;
  if (hasMin && hasMax)
    text = min === max ? amount(min) : intl.formatMessage(RANGE_MESSAGES.range, { min: amount(min), max: amount(max) });
  else if (hasMin) text = intl.formatMessage(RANGE_MESSAGES.from, { min: amount(min) });
  else if (hasMax) text = intl.formatMessage(RANGE_MESSAGES.upTo, { max: amount(max) });
  else return null;
  return intl.formatMessage(UNIT_MESSAGES[salaryUnit], { amount: text });
}
