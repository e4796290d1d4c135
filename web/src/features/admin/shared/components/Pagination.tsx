import { useT } from '../../../../lib/i18n';
import '../admin.css';

export interface PaginationProps {
  /** All rows of the list. */
  total: number;
  /** Rows per page. */
  limit: number;
  /** Rows skipped before the current page. */
  offset: number;
  onChange: (offset: number) => void;
  /** Names the navigation landmark when a screen has more than one list. */
  label?: string;
  /** While a page loads. */
  disabled?: boolean;
}

/**
 * Previous/next for an `{items, total}` list with "1–25 von 80" and
 * "Seite 1 von 4" (announced politely when it changes). Nothing is shown
 * while everything fits on one page.
 */
export function Pagination({ total, limit, offset, onChange, label, disabled = false }: PaginationProps) {
  const t = useT();
  if (total <= limit && offset === 0) return null;
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(pages, Math.floor(offset / limit) + 1);
  const from = total === 0 ? 0 : Math.min(offset + 1, total);
  const to = Math.min(offset + limit, total);
  const hasPrevious = offset > 0;
  const hasNext = offset + limit < total;
  return (
    <nav className="pagination" aria-label={label ?? t('adminCore.pagination.label')}>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={disabled || !hasPrevious}
        onClick={() => onChange(Math.max(0, offset - limit))}
      >
        <span aria-hidden="true">‹</span>
        {t('adminCore.pagination.previous')}
      </button>
      <p className="pagination__status" aria-live="polite">
        <span>{t('adminCore.pagination.page', { page, pages })}</span>
        <span className="pagination__range">{t('adminCore.pagination.range', { from, to, total })}</span>
      </p>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={disabled || !hasNext}
        onClick={() => onChange(offset + limit)}
      >
        {t('adminCore.pagination.next')}
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
