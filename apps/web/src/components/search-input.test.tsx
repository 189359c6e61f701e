import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test/render-with-router';
import { SearchInput } from './search-input';

/** A search box bound to `?search=` as the list screens bind it. */
function BoundSearch() {
  const [params, setParams] = useSearchParams();
  return (
    <SearchInput
      label="Recherche"
      value={params.get('search') ?? ''}
      onSearch={(search) => setParams(search ? { search } : {})}
      debounceMs={300}
    />
  );
}

function box(): HTMLInputElement {
  return screen.getByRole('textbox', { name: 'Recherche' }) as HTMLInputElement;
}

describe('SearchInput', () => {
  it("keeps the trailing space of 'Ana ' once the search is applied (the /user-verification bug)", async () => {
    const { router } = renderWithRouter(<BoundSearch />, '/list');
    fireEvent.change(box(), { target: { value: 'Ana ' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=Ana'));
    expect(box().value).toBe('Ana ');
    fireEvent.change(box(), { target: { value: 'Ana C' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=Ana+C'));
    expect(box().value).toBe('Ana C');
  });

  it('applies at once on Enter', async () => {
    const { router } = renderWithRouter(<BoundSearch />, '/list');
    fireEvent.change(box(), { target: { value: 'bruno' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?search=bruno'));
  });

  it('follows the URL on back and forward, and shows the search of a reloaded link', async () => {
    const { router } = renderWithRouter(<BoundSearch />, '/list?search=carla');
    expect(box().value).toBe('carla');
    fireEvent.change(box(), { target: { value: 'dora' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=dora'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(box().value).toBe('carla'));
    await act(() => router.navigate(1));
    await waitFor(() => expect(box().value).toBe('dora'));
  });

  it('drops an application still waiting when the URL changes from elsewhere', async () => {
    const { router } = renderWithRouter(<BoundSearch />, '/list');
    fireEvent.change(box(), { target: { value: 'eva' } });
    await act(() => router.navigate('/list?search=filipe'));
    expect(box().value).toBe('filipe');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.search).toBe('?search=filipe');
  });
});
