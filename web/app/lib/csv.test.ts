import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("toCsv", () => {
  it("quotes what needs quoting, with CRLF lines", () => {
    expect(
      toCsv([
        ["Job", "Views"],
        ['Nurse, "night" shift', 12],
        ["Two\nlines", 0],
      ]),
    ).toBe('Job,Views\r\n"Nurse, ""night"" shift",12\r\n"Two\nlines",0\r\n');
  });

  it("keeps text a spreadsheet would run as a formula as text; numbers stay numbers", () => {
    expect(toCsv([["=HYPERLINK(\"http://x\")", "+1", "-2", "@SUM(A1)", -3, 0.25]])).toBe(
      '"\'=HYPERLINK(""http://x"")",\'+1,\'-2,\'@SUM(A1),-3,0.25\r\n',
    );
  });
});
