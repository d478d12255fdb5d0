/** A salary range as the jobs API answers it (spec 3: minSalary, maxSalary, currencyCode, salaryUnit). */
export interface SalaryRangeValue {
  minSalary?: number | null;
  maxSalary?: number | null;
  currencyCode: string;
  salaryUnit: "HOUR" | "DAY" | "WEEK" | "MONTH" | "YEAR";
}

const UNIT_TEXT: Record<SalaryRangeValue["salaryUnit"], string> = {
  HOUR: "per hour",
  DAY: "per day",
  WEEK: "per week",
  MONTH: "per month",
  YEAR: "per year",
};

function money(amount: number, currency: string, locale: string): string {
  const whole = Number.isInteger(amount);
  try {
    return new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    }).format(amount);
  } catch {
    // An unknown currency code: the number with the code, never an exception on a page.
    return `${new Intl.NumberFormat(locale).format(amount)} ${currency}`;
  }
}

/**
 * "€40,000 – €55,000 per year", "From $25 per hour", "Up to £3,000 per month"; null without
 * an amount. Intl formats each amount in its currency.
 */
export function formatSalary(range: SalaryRangeValue | null | undefined, locale = "en"): string | null {
  if (!range) return null;
  const { minSalary: min, maxSalary: max, currencyCode, salaryUnit } = range;
  const unit = UNIT_TEXT[salaryUnit];
  const hasMin = typeof min === "number";
  const hasMax = typeof max === "number";
  if (hasMin && hasMax) {
    if (min === max) return `${money(min, currencyCode, locale)} ${unit}`;
    return `${money(min, currencyCode, locale)} – ${money(max, currencyCode, locale)} ${unit}`;
  }
  if (hasMin) return `From ${money(min, currencyCode, locale)} ${unit}`;
  if (hasMax) return `Up to ${money(max, currencyCode, locale)} ${unit}`;
  return null;
}
