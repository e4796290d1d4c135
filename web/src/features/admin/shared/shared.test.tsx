import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../../lib/i18n';
import { Pagination, SEARCH_DEBOUNCE_MS, adminQueryKey, usePagedSearch, withQuery } from '.';

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider>{children}</I18nProvider>;

afterEach(() => {
  vi.useRealTimers();
});

describe('admin helpers', () => {
  it('builds query keys under "admin" and paths without empty parameters', () => {
    expect(adminQueryKey()).toEqual(['admin']);
    expect(adminQueryKey('users', { q: 'a', limit: 25, offset: 0 })).toEqual(['admin', 'users', { q: 'a', limit: 25, offset: 0 }]);
    expect(withQuery('/api/admin/users', { q: '', limit: 25, offset: 0 })).toBe('/api/admin/users?limit=25&offset=0');
    expect(withQuery('/api/admin/users', { q: 'anna b', limit: undefined, offset: null })).toBe('/api/admin/users?q=anna+b');
    expect(withQuery('/api/admin/overview', {})).toBe('/api/admin/overview');
  });

  it('usePagedSearch debounces the query and starts again at offset 0 for a new one', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => usePagedSearch());
    act(() => result.current.setOffset(50));
    expect(result.current.offset).toBe(50);
    act(() => result.current.setInput('  anna '));
    expect(result.current.query).toBe('');
    expect(result.current.offset).toBe(50);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(result.current.query).toBe('anna');
    expect(result.current.offset).toBe(0);
  });
});

describe('Pagination', () => {
  it('is hidden while everything fits on one page', () => {
    render(<Pagination total={25} limit={25} offset={0} onChange={() => undefined} />, { wrapper });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('shows page and range and moves by one page', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn<(offset: number) => void>();
    const { rerender } = render(<Pagination total={60} limit={25} offset={0} onChange={onChange} />, { wrapper });
    const nav = screen.getByRole('navigation', { name: 'Seiten' });
    expect(nav).toHaveTextContent('Seite 1 von 3');
    expect(nav).toHaveTextContent('1–25 von 60');
    expect(screen.getByRole('button', { name: 'Vorherige Seite' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(onChange).toHaveBeenLastCalledWith(25);
    rerender(<Pagination total={60} limit={25} offset={50} onChange={onChange} />);
    expect(nav).toHaveTextContent('Seite 3 von 3');
    expect(nav).toHaveTextContent('51–60 von 60');
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Vorherige Seite' }));
    expect(onChange).toHaveBeenLastCalledWith(25);
  });
});
