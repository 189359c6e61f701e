import { type BudgetFields, describeBudget } from '@kwanza/contract';

const wholeAoa = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'AOA',
  currencyDisplay: 'code',
  maximumFractionDigits: 0,
});
const fractionalAoa = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'AOA',
  currencyDisplay: 'code',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '150 000 AOA', '1 500,50 AOA' — the same Intl formatting as the console's `formatAoa`. */
export function formatAoaAmount(amount: number): string {
  return Number.isInteger(amount) ? wholeAoa.format(amount) : fractionalAoa.format(amount);
}

/** `budget_display` of a project: the shared French wording with AOA amounts. */
export function buildBudgetDisplay(budget: BudgetFields): string {
  return describeBudget(budget, formatAoaAmount);
}
