import {
  DocumentType,
  paginationQuery,
  RowId,
  SearchText,
  VERIFICATION_PAGE_SIZE,
  VerificationStatusFilter,
} from '@kwanza/contract';
import { z } from 'zod';
import {
  defineListParams,
  type ListParamsHandle,
  type ListState,
  useListParams,
} from '../../lib/list-params';

export type VerificationTab = 'providers' | 'clients';

const AccountType = z.enum(['business', 'individual']);

/**
 * The verification screens' state in the URL: tab, filters and page, then the open detail
 * (`?verification=<id>` for a provider, also used by the users screen; `?client=<id>`).
 * `type` is the account type on the providers tab and the document type on the clients tab.
 */
export const VERIFICATION_PARAMS = defineListParams(
  {
    tab: z.enum(['providers', 'clients']).default('providers'),
    status: z.union([VerificationStatusFilter, z.literal('')]).default(''),
    type: z.union([AccountType, DocumentType, z.literal('')]).default(''),
    search: SearchText.transform((value) => value ?? ''),
    page: paginationQuery(VERIFICATION_PAGE_SIZE).shape.page,
    verification: RowId.nullable().default(null),
    client: RowId.nullable().default(null),
  },
  { details: ['verification', 'client'] },
);

export type VerificationParams = ListState<typeof VERIFICATION_PARAMS.schema.shape>;
export type VerificationListHandle = ListParamsHandle<typeof VERIFICATION_PARAMS.schema.shape>;

/** Reads the verification screens' state from the URL; unknown values fall back to defaults. */
export function parseVerificationParams(params: URLSearchParams): VerificationParams {
  return VERIFICATION_PARAMS.parse(params);
}

export function toVerificationSearch(state: VerificationParams): URLSearchParams {
  return VERIFICATION_PARAMS.apply(new URLSearchParams(), state);
}

/** The verification screens' state (tab, filters, page, open detail) kept in the URL. */
export function useVerificationParams(): VerificationListHandle {
  return useListParams(VERIFICATION_PARAMS);
}

export function isBusinessFilter(type: string): boolean | undefined {
  if (type === 'business') return true;
  if (type === 'individual') return false;
  return undefined;
}

export function documentTypeFilter(type: string): DocumentType | undefined {
  return DocumentType.safeParse(type).data;
}
