/**
 * Query keys of the back-office. Every admin query key starts with 'admin',
 * so `queryClient.invalidateQueries({ queryKey: adminQueryKey() })` refreshes
 * the whole back-office, and `adminQueryKey('users')` every page of one list.
 *
 *   adminQueryKey('users', { q, limit, offset }) → ['admin', 'users', { q, limit, offset }]
 */
export function adminQueryKey<const P extends readonly unknown[]>(...parts: P): readonly ['admin', ...P] {
  return ['admin', ...parts] as const;
}
