/**
 * French (fr-FR) formatting shared by every screen. All output goes through Intl, so spaces are the
 * typographic ones Intl uses: U+202F (narrow no-break space) between thousands, U+00A0 before a
 * currency code.
 */

import { type BudgetFields, describeBudget } from '@kwanza/contract';

const LOCALE = 'fr-FR';
const EMPTY = '—';

export type DateInput = string | number | Date;

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short' });
const monthYearFormat = new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortDateFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short' });
const shortDateWithYearFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const numberFormat = new Intl.NumberFormat(LOCALE);
const wholeAoaFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'AOA',
  currencyDisplay: 'code',
  maximumFractionDigits: 0,
});
const fractionalAoaFormat = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'AOA',
  currencyDisplay: 'code',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A valid Date from an ISO string, a timestamp or a Date; undefined when it is not a date. */
export function toDate(value: DateInput | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** 15/01/2026 */
export function formatDate(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : EMPTY;
}

/** 15/01/2026 14:30 */
export function formatDateTime(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : EMPTY;
}

/** '2026-01' → 'janv. 2026' (the YYYY-MM buckets of the statistics). */
export function formatShortMonthYear(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return monthYearFormat.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** 1 234 567 */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/**
 * A list's count: the number, or 'plus de 1 000' when the server stopped counting a search's matches
 * at its cap (`count_capped`).
 */
export function formatCount(count: number, capped = false): string {
  return capped ? `plus de ${formatNumber(count)}` : formatNumber(count);
}

/**
 * An amount in kwanza with the currency code: whole amounts without decimals ('150 000 AOA'),
 * others with two ('1 500,50 AOA'). Accepts the decimal strings the API may send.
 */
export function formatAoa(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return EMPTY;
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return EMPTY;
  return Number.isInteger(value) ? wholeAoaFormat.format(value) : fractionalAoaFormat.format(value);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Relative time of the notification bell: 'À l'instant', 'Il y a N min', 'Il y a Nh', 'Il y a Nj',
 * then a short date ('15 janv.', with the year when it is not the current one).
 */
export function formatRelativeTime(value: DateInput | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return "À l'instant";
  if (elapsed < HOUR) return `Il y a ${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `Il y a ${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 7 * DAY) return `Il y a ${Math.floor(elapsed / DAY)}j`;
  return date.getFullYear() === now.getFullYear()
    ? shortDateFormat.format(date)
    : shortDateWithYearFormat.format(date);
}

/** Cuts a text to `length` characters and adds '...' when it was longer. */
export function truncate(text: string | null | undefined, length: number): string {
  if (!text) return '';
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

/**
 * French wording of a project budget with AOA amounts: named ranges ('Moins de 500 AOA', 'Sur devis'…),
 * else from min and max ('5 000 AOA', 'À partir de…', "Jusqu'à…"), else 'Budget à discuter'.
 */
export function formatBudget(budget: BudgetFields): string {
  return describeBudget(budget, formatAoa);
}

const dayMonthFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit' });

/** 15/01 (day and month of the dashboard's recent projects). */
export function formatDayMonth(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date ? dayMonthFormat.format(date) : EMPTY;
}

const ratingFormat = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A rating to one decimal ('4,3'), 'N/A' without one. */
export function formatRating(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? 'N/A'
    : ratingFormat.format(value);
}

/**
 * Date of the notifications list: 'Il y a quelques minutes' under an hour, 'Il y a N heures' under a
 * day (N ≥ 1: 'Il y a 1 heure'), then dd/mm/yyyy.
 */
export function formatNotificationDate(value: DateInput | null | undefined, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < HOUR) return 'Il y a quelques minutes';
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return `Il y a ${hours} heure${hours > 1 ? 's' : ''}`;
  }
  return formatDate(date);
}
