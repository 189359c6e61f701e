import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_DISPLAY_PREFERENCES,
  type DisplayPreferences,
  resetDisplayPreferences,
  setDisplayPreferences,
} from './display-preferences';
import {
  formatAoa,
  formatBudget,
  formatCount,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatNumber,
  formatRating,
  formatRelativeTime,
  formatShortMonthYear,
  truncate,
} from './format';

/** Intl's fr-FR separators: narrow no-break space between thousands, no-break space before a code. */
const THIN = '\u202f';
const NBSP = '\u00a0';

afterEach(() => {
  setDisplayPreferences(DEFAULT_DISPLAY_PREFERENCES);
});

describe('formatDate', () => {
  it('writes dd/mm/yyyy', () => {
    expect(formatDate('2026-01-05T09:00:00Z')).toBe('05/01/2026');
  });

  it('reads ISO strings', () => {
    // Noon UTC is the same calendar day in every time zone from UTC-11 to UTC+11.
    expect(formatDate('2026-03-15T12:00:00Z')).toBe('15/03/2026');
  });

  it('shows a dash for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('pas une date')).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('writes dd/mm/yyyy hh:mm in Luanda’s time (UTC+1) by default, whatever the browser’s zone', () => {
    expect(formatDateTime('2026-01-15T13:30:00Z')).toBe('15/01/2026 14:30');
    expect(formatDateTime('2026-07-15T13:30:00Z')).toBe('15/07/2026 14:30');
  });
});

describe('formatShortMonthYear', () => {
  it('turns a YYYY-MM bucket into a short French month', () => {
    expect(formatShortMonthYear('2026-01')).toBe('janv. 2026');
    expect(formatShortMonthYear('2025-08')).toBe('août 2025');
    expect(formatShortMonthYear('2025-12')).toBe('déc. 2025');
  });

  it('leaves anything else as it is', () => {
    expect(formatShortMonthYear('janvier')).toBe('janvier');
  });
});

describe('formatCount', () => {
  it('writes an exact count as a number and a capped one as "plus de"', () => {
    expect(formatCount(42)).toBe('42');
    expect(formatCount(1000, false)).toBe(`1${THIN}000`);
    expect(formatCount(1000, true)).toBe(`plus de 1${THIN}000`);
  });
});

describe('formatNumber', () => {
  it('groups thousands with a narrow no-break space', () => {
    expect(formatNumber(1234567)).toBe(`1${THIN}234${THIN}567`);
  });
});

describe('formatAoa', () => {
  it('shows whole amounts without decimals and the AOA code', () => {
    expect(formatAoa(150000)).toBe(`150${THIN}000${NBSP}AOA`);
    expect(formatAoa(0)).toBe(`0${NBSP}AOA`);
  });

  it('shows two decimals for fractional amounts', () => {
    expect(formatAoa(1500.5)).toBe(`1${THIN}500,50${NBSP}AOA`);
  });

  it('accepts decimal strings from the API', () => {
    expect(formatAoa('250000.00')).toBe(`250${THIN}000${NBSP}AOA`);
  });

  it('shows a dash for missing or invalid amounts', () => {
    expect(formatAoa(null)).toBe('—');
    expect(formatAoa('abc')).toBe('—');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 4, 20, 12, 0, 0);
  const before = (milliseconds: number) => new Date(now.getTime() - milliseconds);

  it("says 'À l'instant' under a minute", () => {
    expect(formatRelativeTime(before(0), now)).toBe("À l'instant");
    expect(formatRelativeTime(before(59_000), now)).toBe("À l'instant");
  });

  it('counts minutes under an hour', () => {
    expect(formatRelativeTime(before(60_000), now)).toBe('Il y a 1 min');
    expect(formatRelativeTime(before(59 * 60_000 + 59_000), now)).toBe('Il y a 59 min');
  });

  it('counts hours under a day', () => {
    expect(formatRelativeTime(before(60 * 60_000), now)).toBe('Il y a 1h');
    expect(formatRelativeTime(before(23 * 3_600_000 + 59 * 60_000), now)).toBe('Il y a 23h');
  });

  it('counts days under a week', () => {
    expect(formatRelativeTime(before(24 * 3_600_000), now)).toBe('Il y a 1j');
    expect(formatRelativeTime(before(6 * 86_400_000 + 23 * 3_600_000), now)).toBe('Il y a 6j');
  });

  it('shows a short French date from a week on', () => {
    expect(formatRelativeTime('2026-05-13T12:00:00Z', now)).toBe('13 mai');
    expect(formatRelativeTime('2026-01-05T08:00:00Z', now)).toBe('5 janv.');
  });

  it('adds the year for another year', () => {
    expect(formatRelativeTime('2025-12-24T08:00:00Z', now)).toBe('24 déc. 2025');
  });

  it('tells the year in the admin’s zone: 23:30 UTC on 31 December is already next year in Luanda', () => {
    const newYear = new Date('2027-01-10T12:00:00Z');
    expect(formatRelativeTime('2026-12-31T23:30:00Z', newYear)).toBe('1 janv.');
    expect(
      formatRelativeTime('2026-12-31T23:30:00Z', newYear, { language: 'fr', timeZone: 'America/New_York' }),
    ).toBe('31 déc. 2026');
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeTime(new Date(now.getTime() - 5 * 60_000).toISOString(), now)).toBe('Il y a 5 min');
  });
});

describe('truncate', () => {
  it('keeps a text that fits', () => {
    expect(truncate('Court', 50)).toBe('Court');
    expect(truncate('x'.repeat(50), 50)).toBe('x'.repeat(50));
  });

  it("cuts a longer text and adds '...'", () => {
    expect(truncate('x'.repeat(51), 50)).toBe(`${'x'.repeat(50)}...`);
    expect(truncate('Signalement abusif', 11)).toBe('Signalement...');
  });

  it('gives an empty string for no text', () => {
    expect(truncate(null, 10)).toBe('');
  });
});

describe('formatBudget', () => {
  const budget = (values: Partial<Parameters<typeof formatBudget>[0]>) =>
    formatBudget({ budget_range: null, min_budget: null, max_budget: null, ...values });

  it('words every named range in AOA', () => {
    expect(budget({ budget_range: 'moins_500' })).toBe(`Moins de 500${NBSP}AOA`);
    expect(budget({ budget_range: '500_1000' })).toBe(`De 500${NBSP}AOA à 1${THIN}000${NBSP}AOA`);
    expect(budget({ budget_range: '1000_10000' })).toBe(`De 1${THIN}000${NBSP}AOA à 10${THIN}000${NBSP}AOA`);
    expect(budget({ budget_range: '10000_plus' })).toBe(`10${THIN}000${NBSP}AOA et plus`);
    expect(budget({ budget_range: 'sur_devis' })).toBe('Sur devis');
  });

  it('builds the wording from min and max', () => {
    expect(budget({ min_budget: 150000, max_budget: 150000 })).toBe(`150${THIN}000${NBSP}AOA`);
    expect(budget({ min_budget: 1000, max_budget: 2500.5 })).toBe(
      `1${THIN}000${NBSP}AOA - 2${THIN}500,50${NBSP}AOA`,
    );
    expect(budget({ min_budget: 5000 })).toBe(`À partir de 5${THIN}000${NBSP}AOA`);
    expect(budget({ max_budget: 800 })).toBe(`Jusqu'à 800${NBSP}AOA`);
    expect(budget({})).toBe('Budget à discuter');
  });
});

describe('formatDayMonth', () => {
  it('shows day and month in fr-FR', () => {
    expect(formatDayMonth('2026-01-05T10:00:00Z')).toBe('05/01');
    expect(formatDayMonth('2025-12-24T10:00:00Z')).toBe('24/12');
  });

  it('shows a dash for no date', () => {
    expect(formatDayMonth(null)).toBe('—');
  });
});

describe('formatRating', () => {
  it('shows one decimal in fr-FR, N/A without a rating', () => {
    expect(formatRating(4.25)).toBe('4,3');
    expect(formatRating(5)).toBe('5,0');
    expect(formatRating(null)).toBe('N/A');
  });
});

describe('time zones (the admin’s choice, Luanda by default)', () => {
  // 23:30 UTC on 15 January: already 16 January in Luanda (UTC+1), still the 15th in New York.
  const lateEvening = '2026-01-15T23:30:00Z';
  const zones: [DisplayPreferences['timeZone'], string, string][] = [
    ['Africa/Luanda', '16/01/2026', '16/01/2026 00:30'],
    ['Africa/Casablanca', '16/01/2026', '16/01/2026 00:30'],
    ['Europe/Paris', '16/01/2026', '16/01/2026 00:30'],
    ['America/New_York', '15/01/2026', '15/01/2026 18:30'],
  ];

  it.each(zones)('shows dates and times in %s', (timeZone, date, dateTime) => {
    const preferences: DisplayPreferences = { language: 'fr', timeZone };
    expect(formatDate(lateEvening, preferences)).toBe(date);
    expect(formatDateTime(lateEvening, preferences)).toBe(dateTime);
  });

  it('puts a date on another day in Luanda than in UTC', () => {
    expect(new Date(lateEvening).toISOString().slice(0, 10)).toBe('2026-01-15');
    expect(formatDate(lateEvening)).toBe('16/01/2026');
    expect(formatDayMonth(lateEvening)).toBe('16/01');
  });

  it('follows summer time: Paris is UTC+2 in July, Luanda stays UTC+1, Casablanca UTC+1', () => {
    const july = '2026-07-01T12:00:00Z';
    expect(formatDateTime(july, { language: 'fr', timeZone: 'Europe/Paris' })).toBe('01/07/2026 14:00');
    expect(formatDateTime(july, { language: 'fr', timeZone: 'Africa/Luanda' })).toBe('01/07/2026 13:00');
    expect(formatDateTime(july, { language: 'fr', timeZone: 'America/New_York' })).toBe('01/07/2026 08:00');
  });

  it('uses the saved choice once applied, and the default again after it', () => {
    setDisplayPreferences({ language: 'fr', timeZone: 'America/New_York' });
    expect(formatDate(lateEvening)).toBe('15/01/2026');
    expect(localStorage.getItem('display_preferences')).toBe(
      JSON.stringify({ language: 'fr', timeZone: 'America/New_York' }),
    );
    // A reload reads the stored choice before any answer of the server.
    resetDisplayPreferences();
    expect(formatDateTime(lateEvening)).toBe('15/01/2026 18:30');
    setDisplayPreferences(DEFAULT_DISPLAY_PREFERENCES);
    expect(formatDate(lateEvening)).toBe('16/01/2026');
  });

  it('ignores a stored value it does not know and keeps Luanda', () => {
    localStorage.setItem('display_preferences', JSON.stringify({ language: 'de', timeZone: 'Mars/Olympus' }));
    resetDisplayPreferences();
    expect(formatDateTime(lateEvening)).toBe('16/01/2026 00:30');
  });
});

describe('locales (the admin’s language: the words stay French)', () => {
  const at = (language: DisplayPreferences['language']): DisplayPreferences => ({
    language,
    timeZone: 'Africa/Luanda',
  });
  const instant = '2026-01-15T13:30:00Z';

  it('writes numbers, amounts and ratings as in France, Britain, Spain and Angola', () => {
    expect(formatNumber(1234567, at('fr'))).toBe(`1${THIN}234${THIN}567`);
    expect(formatNumber(1234567, at('en'))).toBe('1,234,567');
    expect(formatNumber(1234567, at('es'))).toBe('1.234.567');
    expect(formatNumber(1234567, at('pt'))).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatAoa(1500.5, at('en'))).toBe(`AOA${NBSP}1,500.50`);
    expect(formatAoa(150000, at('es'))).toBe(`150.000${NBSP}AOA`);
    expect(formatRating(4.25, at('en'))).toBe('4.3');
  });

  it('writes dates and times in each locale', () => {
    expect(formatDateTime(instant, at('fr'))).toBe('15/01/2026 14:30');
    expect(formatDateTime(instant, at('en'))).toBe('15/01/2026, 14:30');
    expect(formatDateTime(instant, at('es'))).toBe('15/01/2026, 14:30');
    expect(formatDateTime(instant, at('pt'))).toBe('15/01/2026, 14:30');
    expect(formatShortMonthYear('2026-01', at('en'))).toBe('Jan 2026');
    expect(formatShortMonthYear('2026-01', at('es'))).toBe('ene 2026');
  });

  it('applies the saved language to every helper without an argument', () => {
    setDisplayPreferences({ language: 'en', timeZone: 'Europe/Paris' });
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatCount(1000, true)).toBe('plus de 1,000');
    expect(formatDateTime(instant)).toBe('15/01/2026, 14:30');
    expect(formatBudget({ budget_range: '10000_plus', min_budget: null, max_budget: null })).toBe(
      `AOA${NBSP}10,000 et plus`,
    );
  });
});
