import { describe, expect, it, vi } from "vitest";
import { formatCount, formatDate } from "./format";
import { kept } from "./kept-formats";
import { formatSalary } from "./salary";

describe("kept formatters", () => {
  it("makes each formatter once and answers the same thing", () => {
    const formats = new Map<string, Intl.NumberFormat>();
    const make = vi.fn(() => new Intl.NumberFormat("de"));
    expect(kept(formats, "de", make).format(12345.6)).toBe("12.345,6");
    expect(kept(formats, "de", make).format(1000)).toBe("1.000");
    expect(make).toHaveBeenCalledTimes(1);
  });

  it("keeps one per locale: a German date stays German after an English one", () => {
    expect(formatDate("2026-11-23T10:00:00Z", "en")).toBe("Nov 23, 2026");
    expect(formatDate("2026-11-23T10:00:00Z", "de")).toBe("23. Nov. 2026");
    expect(formatDate("2026-11-23T10:00:00Z", "en")).toBe("Nov 23, 2026");
    expect(formatCount(12345, "fr")).toBe(new Intl.NumberFormat("fr").format(12345));
    expect(formatCount(12345, "en")).toBe("12,345");
  });

  it("keeps a salary's format per currency and digits", () => {
    expect(formatSalary({ minSalary: 12.5, currencyCode: "EUR", salaryUnit: "HOUR" })).toContain("€12.50");
    expect(formatSalary({ minSalary: 12, currencyCode: "EUR", salaryUnit: "HOUR" })).toContain("€12");
    expect(formatSalary({ minSalary: 12, currencyCode: "EUR", salaryUnit: "HOUR" })).not.toContain("€12.00");
    expect(formatSalary({ minSalary: 12, currencyCode: "USD", salaryUnit: "HOUR" })).toContain("$12");
    // an unknown currency code still reads, as before
    expect(formatSalary({ minSalary: 12, currencyCode: "ZZ1", salaryUnit: "HOUR" })).toContain("12 ZZ1");
  });
});
