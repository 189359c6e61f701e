import { describe, expect, it } from 'vitest';
import { pageStatementKey, searchPageKey } from './paginate.js';
import { planShape, type SearchPlan } from './search.js';

/*
 * A page statement's key names every value its SQL is built from (db/paginate.ts): the list's
 * filters, and for a search its term and what the statement takes from its plans; a plan holding
 * ids gives no key.
 */

describe('page statement keys', () => {
  it('name the list and each value, absent ones as null', () => {
    expect(pageStatementKey('users', 'client', undefined, '2026-01-01T00:00:00.000Z')).toBe(
      '["users","client",null,"2026-01-01T00:00:00.000Z"]',
    );
    expect(pageStatementKey('providers', false)).not.toBe(pageStatementKey('providers', 'false'));
  });

  it('take the kind and marks of each plan, not its sampled figures', () => {
    expect(planShape({ kind: 'index', sampled: 1001, share: 0.3 })).toBe(':index');
    expect(planShape({ kind: 'index', sampled: 2500, share: 0.01 })).toBe(':index');
    expect(planShape({ kind: 'index', probe: true })).toBe(':index+probe');
    expect(planShape({ kind: 'scan', joined: true })).toBe(':scan+joined');
    const plans = new Map<'users' | 'provider_profiles', SearchPlan>([
      ['provider_profiles', { kind: 'scan', share: 0.05 }],
      ['users', { kind: 'index' }],
    ]);
    expect(planShape(plans)).toBe('provider_profiles:scan,users:index');
    expect(planShape(new Map([['users', { kind: 'ids', ids: [3, 1] }]]))).toBeNull();
  });

  it('add the term and the plans for a search, and give none for a page among ids', () => {
    const index: SearchPlan = { kind: 'index' };
    expect(searchPageKey('users', { term: undefined, plans: index }, 'client')).toBe(
      pageStatementKey('users', 'client'),
    );
    const ana = searchPageKey('users', { term: 'ana', plans: index }, 'client');
    expect(ana).toBe('["users","client","ana",":index"]');
    expect(searchPageKey('users', { term: 'ana', plans: { kind: 'scan' } }, 'client')).not.toBe(ana);
    expect(searchPageKey('users', { term: 'bia', plans: index }, 'client')).not.toBe(ana);
    expect(
      searchPageKey('users', { term: 'ana', plans: { kind: 'ids', ids: [7] } }, 'client'),
    ).toBeUndefined();
  });
});
