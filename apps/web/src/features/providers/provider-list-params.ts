import { ProviderListQuery } from '@kwanza/contract';
import { z } from 'zod';
import { defineListParams } from '../../lib/list-params';

export const PROVIDERS_PAGE_SIZE = 9;

/**
 * The providers list state in the URL: `?search=&status=verified|pending&page=`. The screen's status
 * (its select's values) stands for the contract's `is_verified`.
 */
export const PROVIDER_LIST_PARAMS = defineListParams({
  ...ProviderListQuery.pick({ page: true, search: true }).shape,
  status: z.enum(['verified', 'pending']).optional(),
});

export function isVerifiedFilter(status: 'verified' | 'pending' | undefined): boolean | undefined {
  return status === undefined ? undefined : status === 'verified';
}
