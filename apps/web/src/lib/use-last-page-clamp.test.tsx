import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLastPageClamp } from './use-last-page-clamp';

describe('useLastPageClamp', () => {
  it('moves a page past the end to the last page once the answer has arrived', () => {
    const goToPage = vi.fn();
    const { result, rerender } = renderHook(
      (settled: boolean) => useLastPageClamp({ page: 7, total: 42, pageSize: 10, settled, goToPage }),
      { initialProps: false },
    );
    expect(result.current).toBe(false);
    expect(goToPage).not.toHaveBeenCalled();
    rerender(true);
    expect(result.current).toBe(true);
    expect(goToPage).toHaveBeenCalledWith(5);
  });

  it('leaves pages inside the list and empty lists alone', () => {
    const goToPage = vi.fn();
    renderHook(() => useLastPageClamp({ page: 5, total: 42, pageSize: 10, settled: true, goToPage }));
    renderHook(() => useLastPageClamp({ page: 3, total: 0, pageSize: 10, settled: true, goToPage }));
    renderHook(() => useLastPageClamp({ page: 3, total: undefined, pageSize: 10, settled: true, goToPage }));
    expect(goToPage).not.toHaveBeenCalled();
  });
});
