import { UserListQuery } from '@kwanza/contract';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineListParams, type ListParamsHandle, useListParams } from './list-params';

const USERS = defineListParams({
  ...UserListQuery.pick({ page: true, search: true, role: true }).shape,
  active: z.enum(['true', 'false']).optional(),
});

describe('defineListParams', () => {
  it('reads the URL through the contract fields, bad values reading as their defaults', () => {
    expect(USERS.parse(new URLSearchParams('page=3&search=%20Ana%20&role=provider'))).toEqual({
      page: 3,
      search: 'Ana',
      role: 'provider',
      active: undefined,
    });
    expect(USERS.parse(new URLSearchParams('page=-2&role=king&search=&active=maybe'))).toEqual({
      page: 1,
      search: undefined,
      role: undefined,
      active: undefined,
    });
    expect(USERS.parse(new URLSearchParams('page=0x10'))).toMatchObject({ page: 1 });
    expect(USERS.defaults).toEqual({ page: 1, search: undefined, role: undefined, active: undefined });
  });

  it('leaves defaults out of the URL and keeps parameters that are not the list state', () => {
    const next = USERS.apply(new URLSearchParams('verification=9&page=2'), { role: 'client' });
    expect(next.toString()).toBe('verification=9&role=client');
    expect(USERS.apply(new URLSearchParams('role=client'), { role: undefined }).toString()).toBe('');
  });

  it('sends any change but the page back to page 1, and keeps the page otherwise', () => {
    const current = new URLSearchParams('search=ana&page=4');
    expect(USERS.apply(current, { page: 5 }).toString()).toBe('search=ana&page=5');
    expect(USERS.apply(current, { search: 'bruno' }).toString()).toBe('search=bruno');
    // The same search with spaces around is no change: the page stays.
    expect(USERS.apply(current, { search: 'ana ' }).toString()).toBe('search=ana&page=4');
    expect(USERS.apply(current, { page: 1 }).toString()).toBe('search=ana');
  });
});

function renderListParams(path: string) {
  let handle: ListParamsHandle<typeof USERS.schema.shape> | undefined;
  function Probe() {
    handle = useListParams(USERS);
    return null;
  }
  const router = createMemoryRouter([{ path: '/users', element: <Probe /> }], { initialEntries: [path] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <>
      <RouterProvider router={router} />
      {children}
    </>
  );
  renderHook(() => null, { wrapper });
  return {
    router,
    get handle() {
      if (!handle) throw new Error('not rendered');
      return handle;
    },
  };
}

describe('useListParams', () => {
  it('returns the parsed state and updates the URL', async () => {
    const view = renderListParams('/users?page=2&role=client');
    expect(view.handle.params).toMatchObject({ page: 2, role: 'client' });
    await act(async () => view.handle.update({ role: 'provider' }));
    expect(view.router.state.location.search).toBe('?role=provider');
    expect(view.handle.params).toMatchObject({ page: 1, role: 'provider' });
  });

  it('applies a staged search with the next change, so a filter never drops what the box holds', async () => {
    const view = renderListParams('/users');
    view.handle.stage({ search: 'kaputo' });
    await act(async () => view.handle.update({ role: 'client' }));
    expect(view.router.state.location.search).toBe('?search=kaputo&role=client');
    // Applied once: a later change does not bring it back after the box was cleared.
    await act(async () => view.handle.update({ search: undefined }));
    await act(async () => view.handle.update({ role: 'provider' }));
    expect(view.router.state.location.search).toBe('?role=provider');
  });
});

describe('detail fields', () => {
  const LIST = defineListParams(
    {
      ...UserListQuery.pick({ page: true, search: true }).shape,
      open: z.coerce.number().int().positive().optional(),
    },
    { details: ['open'] },
  );

  it('opens a detail without leaving the page, and writes it after the page', () => {
    expect(LIST.apply(new URLSearchParams('page=3'), { open: 12 }).toString()).toBe('page=3&open=12');
    expect(LIST.apply(new URLSearchParams('page=3&open=12'), { open: undefined }).toString()).toBe('page=3');
    expect(LIST.apply(new URLSearchParams('page=3&open=12'), { search: 'ana' }).toString()).toBe(
      'search=ana&open=12',
    );
  });
});
