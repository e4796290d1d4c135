/** One page of an admin list: `{items, total}` (total counts all rows of the list). */
export interface Paged<T> {
  items: T[];
  total: number;
}

/** Rows per page of the admin tables (the server allows 1..100). */
export const ADMIN_PAGE_SIZE = 25;

export type QueryParams = Record<string, string | number | null | undefined>;

/**
 * A path with its query string; empty, null and undefined parameters are
 * left out: withQuery('/api/admin/users', {q: '', limit: 25, offset: 0})
 * → '/api/admin/users?limit=25&offset=0'.
 */
export function withQuery(path: string, params: QueryParams): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
