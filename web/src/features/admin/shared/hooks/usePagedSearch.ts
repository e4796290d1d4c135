import { useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue';

export interface PagedSearch {
  /** What the search box shows. */
  input: string;
  setInput: (value: string) => void;
  /** The trimmed, debounced search the list is asked for. */
  query: string;
  /** Rows to skip; back to 0 whenever the query changes. */
  offset: number;
  setOffset: (offset: number) => void;
}

/**
 * The state of a searchable, paged admin list: the search box's text, its
 * debounced query and the page offset, which starts again at 0 for a new query.
 */
export function usePagedSearch(): PagedSearch {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim());
  const [page, setPage] = useState({ query: '', offset: 0 });
  const offset = page.query === query ? page.offset : 0;
  return { input, setInput, query, offset, setOffset: (next) => setPage({ query, offset: next }) };
}
