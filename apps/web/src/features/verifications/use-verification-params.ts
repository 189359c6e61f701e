import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type VerificationTab = 'providers' | 'clients';

export interface VerificationParams {
  tab: VerificationTab;
  status: '' | 'pending' | 'verified' | 'rejected' | 'not_started';
  /** Providers: 'business' | 'individual'; clients: 'id_card' | 'passport'. */
  type: string;
  search: string;
  page: number;
  /** Open provider verification detail (`?verification=<id>`, also used by the users screen). */
  verification: number | null;
  /** Open client verification detail. */
  client: number | null;
}

const STATUSES = new Set(['pending', 'verified', 'rejected', 'not_started']);
const TYPES = new Set(['business', 'individual', 'id_card', 'passport']);

function readId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** Reads the verification screens' state from the URL; unknown values fall back to defaults. */
export function parseVerificationParams(params: URLSearchParams): VerificationParams {
  const status = params.get('status') ?? '';
  const type = params.get('type') ?? '';
  const page = Number(params.get('page'));
  return {
    tab: params.get('tab') === 'clients' ? 'clients' : 'providers',
    status: STATUSES.has(status) ? (status as VerificationParams['status']) : '',
    type: TYPES.has(type) ? type : '',
    search: params.get('search')?.trim() ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    verification: readId(params.get('verification')),
    client: readId(params.get('client')),
  };
}

export function toVerificationSearch(state: VerificationParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab === 'clients') params.set('tab', 'clients');
  if (state.status) params.set('status', state.status);
  if (state.type) params.set('type', state.type);
  if (state.search) params.set('search', state.search);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.verification) params.set('verification', String(state.verification));
  if (state.client) params.set('client', String(state.client));
  return params;
}

/** The verification screens' state (tab, filters, page, open detail) kept in the URL. */
export function useVerificationParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseVerificationParams(searchParams), [searchParams]);
  const update = useCallback(
    (changes: Partial<VerificationParams>, options?: { replace?: boolean }) => {
      setSearchParams(
        (current) => toVerificationSearch({ ...parseVerificationParams(current), ...changes }),
        options,
      );
    },
    [setSearchParams],
  );
  return [state, update] as const;
}
