import { useT } from '../../lib/i18n';

/** A centred loading indicator for a whole screen or a route while its module loads. */
export function FullPageSpinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="full-page-status" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="full-page-status__text">{label ?? t('common.loading')}</span>
    </div>
  );
}
