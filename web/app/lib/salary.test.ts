import { describe, expect, it } from "vitest";
import { formatSalary } from "./salary";

describe("formatSalary", () => {
  it("formats a range in its currency and unit", () => {
    expect(formatSalary({ minSalary: 40000, maxSalary: 55000, currencyCode: "EUR", salaryUnit: "YEAR" })).toBe(
      "€40,000 – €55,000 per year",
    );
    expect(formatSalary({ minSalary: 25.5, maxSalary: 30, currencyCode: "USD", salaryUnit: "HOUR" })).toBe(
      "$25.50 – $30 per hour",
    );
  });

  it("says from or up to when one end is open", () => {
    expect(formatSalary({ minSalary: 3000, maxSalary: null, currencyCode: "GBP", salaryUnit: "MONTH" })).toBe(
      "From £3,000 per month",
    );
    expect(formatSalary({ minSalary: null, maxSalary: 800, currencyCode: "CHF", salaryUnit: "WEEK" })).toMatch(
      /^Up to CHF\s800 per week$/,
    );
  });

  it("answers one amount when both ends agree, and nothing without amounts", () => {
    expect(formatSalary({ minSalary: 200, maxSalary: 200, currencyCode: "EUR", salaryUnit: "DAY" })).toBe("€200 per day");
    expect(formatSalary({ minSalary: null, maxSalary: null, currencyCode: "EUR", salaryUnit: "YEAR" })).toBeNull();
    expect(formatSalary(null)).toBeNull();
  });

  it("never throws on an unknown currency code", () => {
    expect(formatSalary({ minSalary: 10, maxSalary: null, currencyCode: "NOPE", salaryUnit: "HOUR" })).toBe("From 10 NOPE per hour");
  });
});
