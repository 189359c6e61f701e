import { describe, expect, it } from 'vitest';
import { describeBudget } from './projects.js';

const amount = (value: number) => `${value} AOA`;
const budget = (values: Partial<Parameters<typeof describeBudget>[0]>) =>
  describeBudget({ budget_range: null, min_budget: null, max_budget: null, ...values }, amount);

describe('describeBudget', () => {
  it('words every named range', () => {
    expect(budget({ budget_range: 'moins_500' })).toBe('Moins de 500 AOA');
    expect(budget({ budget_range: '500_1000' })).toBe('De 500 AOA à 1000 AOA');
    expect(budget({ budget_range: '1000_10000' })).toBe('De 1000 AOA à 10000 AOA');
    expect(budget({ budget_range: '10000_plus' })).toBe('10000 AOA et plus');
    expect(budget({ budget_range: 'sur_devis' })).toBe('Sur devis');
  });

  it('prefers the named range over min and max', () => {
    expect(budget({ budget_range: 'sur_devis', min_budget: 100, max_budget: 200 })).toBe('Sur devis');
  });

  it('builds the wording from min and max', () => {
    expect(budget({ min_budget: 2500, max_budget: 2500 })).toBe('2500 AOA');
    expect(budget({ min_budget: 1000, max_budget: 5000 })).toBe('1000 AOA - 5000 AOA');
    expect(budget({ min_budget: 1000 })).toBe('À partir de 1000 AOA');
    expect(budget({ max_budget: 5000 })).toBe("Jusqu'à 5000 AOA");
  });

  it("says 'Budget à discuter' without any positive amount", () => {
    expect(budget({})).toBe('Budget à discuter');
    expect(budget({ min_budget: 0, max_budget: 0 })).toBe('Budget à discuter');
    expect(budget({ min_budget: 0, max_budget: 800 })).toBe("Jusqu'à 800 AOA");
  });
});
