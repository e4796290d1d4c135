import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { useT } from '../../../../lib/i18n';
import { analyticsErrorText } from '../api/analytics';

/** 'Lade...', the error text of spec 02 §8, or the data. */
export function QueryBody<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const t = useT();
  if (query.isPending) {
    return (
      <p className="admin-muted" role="status">
        {t('adminInsights.loading')}
      </p>
    );
  }
  if (query.isError) return <Alert tone="error">{analyticsErrorText(query.error, t)}</Alert>;
  return <>{children(query.data)}</>;
}
