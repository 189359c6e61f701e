import { stringify } from 'csv-stringify/sync';

/*
 * The CSV files the API exports: UTF-8 with a byte order mark (Excel reads the accents), Excel's list
 * separator in French locales, Windows line ends, and values that spreadsheets would evaluate
 * neutralised.
 */

/** Excel's list separator in French locales. */
export const CSV_DELIMITER = ';';

export const BYTE_ORDER_MARK = '\uFEFF';

/**
 * Neutralises spreadsheet formulas: a value starting with = + - @ (or a tab / carriage return) is
 * prefixed with an apostrophe so Excel shows it as text instead of evaluating it.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Records as CSV text, each value's formulas neutralised. */
export function toCsv(records: string[][]): string {
  // Line breaks inside a value are quoted too (csv-stringify only quotes the record delimiter itself).
  return stringify(
    records.map((record) => record.map(neutralizeFormula)),
    { delimiter: CSV_DELIMITER, record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}
