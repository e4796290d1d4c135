/**
 * Building blocks shared by the admin screens: the page frame and sections,
 * key figures, a search box with debouncing, pagination for `{items, total}`
 * lists, a confirmation dialog, query keys and formatting. Import from here;
 * the components bring admin.css (tables: TableFrame + <table className="admin-table">, .badge).
 */
export { AdminPage, AdminSection, type AdminPageProps, type AdminSectionProps } from './components/AdminPage';
export { ConfirmDialog, type ConfirmDialogProps } from '../../../components/ui/ConfirmDialog';
export { Pagination, type PaginationProps } from './components/Pagination';
export { SearchBox, type SearchBoxProps } from './components/SearchBox';
export { StatCard, StatGrid, type StatCardProps } from './components/StatCard';
export { TableFrame } from './components/TableFrame';
export { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './hooks/useDebouncedValue';
export { usePagedSearch, type PagedSearch } from './hooks/usePagedSearch';
export { useAdminFormat, type AdminFormat } from './lib/format';
export { ADMIN_PAGE_SIZE, withQuery, type Paged, type QueryParams } from './lib/paging';
export { ADMIN_STATUS_KEYS, adminPlanLabel } from './lib/labels';
export { adminQueryKey } from './lib/query-keys';
export type { AdminPlan, AdminTeamItem, AdminTeamSso, AdminUserItem, AdminUserStatus } from './types';
