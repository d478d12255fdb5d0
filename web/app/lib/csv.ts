/**
 * CSV as spreadsheets read it (RFC 4180: CRLF lines, fields quoted when they hold a comma, a
 * quote or a line break). A text field that a spreadsheet would run as a formula (starting with
 * =, +, -, @, a tab or a carriage return: a job title is anyone's text) is kept as text with a
 * leading apostrophe, as OWASP's CSV-injection advice says; numbers are written as they are.
 */
export type CsvCell = string | number;

const FORMULA = /^[=+\-@\t\r]/;

function field(cell: CsvCell): string {
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  const text = FORMULA.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}

/** Offers the rows as a file download (a byte-order mark first, so Excel reads UTF-8). */
export function downloadCsv(filename: string, rows: readonly (readonly CsvCell[])[]): void {
  const blob = new Blob(["\uFEFF", toCsv(rows)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
