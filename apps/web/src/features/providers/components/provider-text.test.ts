import type { Provider } from '@kwanza/contract';
import { describe, expect, it } from 'vitest';
import { formatCompletedProjects, formatServiceCount, providerInitial, providerName } from './provider-text';

function provider(fullName: string, username: string): Provider {
  return {
    id: 1,
    user: { id: 2, profile_picture: null, email: 'a@b.c', username, phone_number: null },
    full_name: fullName,
    company_name: null,
    profile_picture: null,
    email: 'a@b.c',
    phone_number: null,
    city: null,
    address: null,
    is_verified: false,
    average_rating: 0,
    total_reviews: 0,
    services_count: 0,
    completed_projects: 0,
    bio: null,
    description: null,
    skills: [],
    created_at: '2025-01-01T00:00:00.000Z',
  };
}

describe('provider texts', () => {
  it('names a provider by full name, then username, then "Sans nom"', () => {
    expect(providerName(provider('Hélder Pascoal', 'helder'))).toBe('Hélder Pascoal');
    expect(providerName(provider('  ', 'helder'))).toBe('helder');
    expect(providerName(provider('', ''))).toBe('Sans nom');
    expect(providerInitial(provider('élodie', 'x'))).toBe('É');
  });

  it('uses the French plural from 2 on', () => {
    expect(formatServiceCount(0)).toBe('0 service');
    expect(formatServiceCount(1)).toBe('1 service');
    expect(formatServiceCount(2)).toBe('2 services');
    expect(formatCompletedProjects(1)).toBe('1 projet terminé');
    expect(formatCompletedProjects(27)).toBe('27 projets terminés');
  });
});
