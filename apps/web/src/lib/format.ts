/**
 * Formatting shared by every screen, in the signed-in admin's display preferences
 * (lib/display-preferences): dates and times in their time zone (Luanda unless they chose another,
 * whatever the browser's zone), dates and numbers in the locale of their language (fr-FR unless they
 * chose en-GB, es-ES or pt-AO). Words of the interface ('Il y a 5 min', 'plus de') stay French. All
 * output goes through Intl, so spaces are the typographic ones Intl uses: in fr-FR, U+202F (narrow
 * no-break space) between thousands, U+00A0 before a currency code.
 *
 * Each function takes the preferences to use as its last argument, the current ones by default.
 */

import { type BudgetFields, describeBudget } from '@kwanza/contract';
import { type DisplayPreferences, getDisplayPreferences, localeOf } from './display-preferences';

const EMPTY = '—';

export type DateInput = string | number | Date;

/** The Intl formatters of one locale and time zone, made once and kept (a few combinations at most). */
interface Formatters {
  date: Intl.DateTimeFormat;
  dateTime: Intl.DateTimeFormat;
  dayMonth: Intl.DateTimeFormat;
  shortDate: Intl.DateTimeFormat;
  shortDateWithYear: Intl.DateTimeFormat;
  year: Intl.DateTimeFormat;
  /** Statistics' YYYY-MM buckets are calendar months, not instants: read in UTC. */
  monthYear: Intl.DateTimeFormat;
  number: Intl.NumberFormat;
  wholeAoa: Intl.NumberFormat;
  fractionalAoa: Intl.NumberFormat;
  rating: Intl.NumberFormat;
}

const formatterCache = new Map<string, Formatters>();

function createFormatters(locale: string, timeZone: string): Formatters {
  const aoa = { style: 'currency', currency: 'AOA', currencyDisplay: 'code' } as const;
  return {
    date: new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }),
    dateTime: new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }),
    dayMonth: new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone }),
    shortDate: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone }),
    shortDateWithYear: new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone,
    }),
    year: new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }),
    monthYear: new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    number: new Intl.NumberFormat(locale),
    wholeAoa: new Intl.NumberFormat(locale, { ...aoa, maximumFractionDigits: 0 }),
    fractionalAoa: new Intl.NumberFormat(locale, {
      ...aoa,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
    rating: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
  };
}

function formattersFor(preferences: DisplayPreferences): Formatters {
  const locale = localeOf(preferences.language);
  const key = `${locale}|${preferences.timeZone}`;
  let formatters = formatterCache.get(key);
  if (!formatters) {
    formatters = createFormatters(locale, preferences.timeZone);
    formatterCache.set(key, formatters);
  }
  return formatters;
}

/** A valid Date from an ISO string, a timestamp or a Date; undefined when it is not a date. */
export function toDate(value: DateInput | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** 15/01/2026 (in fr-FR), the day in the admin's time zone. */
export function formatDate(
  value: DateInput | null | undefined,
  preferences: DisplayPreferences = getDisplayPreferences(),
): string {
  const date = toDate(value);
  return date ? formattersFor(preferences).date.format(date) : EMPTY;
}

/** 15/01/2026 14:30 (in fr-FR), in the admin's time zone. */
export function formatDateTime(
  value: DateInput | null | undefined,
  preferences: DisplayPreferences = getDisplayPreferences(),
): string {
  const date = toDate(value);
  return date ? formattersFor(preferences).dateTime.format(date) : EMPTY;
}

/** '2026-01' → 'janv. 2026' (the YYYY-MM buckets of the statistics; a calendar month, in no zone). */
export function formatShortMonthYear(
  month: string,
  preferences: DisplayPreferences = getDisplayPreferences(),
): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return formattersFor(preferences).monthYear.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
}

/** 1 234 567 (in fr-FR) */
export function formatNumber(
  value: number,
  preferences: DisplayPreferences = getDisplayPreferences(),
): string {
  return formattersFor(preferences).number.format(value);
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
export function formatAoa(
  amount: number | string | null | undefined,
  preferences: DisplayPreferences = getDisplayPreferences(),
): string {
  if (amount === null || amount === undefined || amount === '') return EMPTY;
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return EMPTY;
  const formatters = formattersFor(preferences);
  return Number.isInteger(value) ? formatters.wholeAoa.format(value) : formatters.fractionalAoa.format(value);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Relative time of the notification bell: 'À l'instant', 'Il y a N min', 'Il y a Nh', 'Il y a Nj',
 * then a short date ('15 janv.', with the year when it is not the current one in the admin's zone).
 */
export function formatRelativeTime(
  value: DateInput | null | undefined,
  now: Date = new Date(),
  preferences: DisplayPreferences = getDisplayPreferences(),
): string {
  const date = toDate(value);
  if (!date) return EMPTY;
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return "À l'instant";
  if (elapsed < HOUR) return `Il y a ${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `Il y a ${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 7 * DAY) return `Il y a ${Math.floor(elapsed / DAY)}j`;
  const formatters = formattersFor(preferences);
  return formatters.year.format(date) === formatters.year.format(now)
    ? formatters.shortDate.format(date)
    : formatters.shortDateWithYear.format(date);
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
  return describeBudget(budget, (amount) => formatAoa(amount));
}

/** 15/01 (day and month of the dashboard's recent projects, in the admin's time zone). */
export function formatDayMonth(
  value: DateInput | null | undefined,
  preferences: DisplayPreferences = getDisplayPreferences(),
): string {
  const date = toDate(value);
  return date ? formattersFor(preferences).dayMonth.format(date) : EMPTY;
}

/** A rating to one decimal ('4,3' in fr-FR), 'N/A' without one. */
export function formatRating(
  value: number | null | undefined,
  preferences: DisplayPreferences = getDisplayPreferences(),
): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? 'N/A'
    : formattersFor(preferences).rating.format(value);
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
