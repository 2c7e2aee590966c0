/** CSV (RFC 4180) for spreadsheet exports. */

/**
 * A cell quoted, with a leading formula character neutralised: a spreadsheet must not run
 * '=HYPERLINK(...)@x.io' as a formula (OWASP "CSV injection").
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const toCsv = (rows: string[][]) => rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
