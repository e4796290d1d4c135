import { RelativeTime } from '../../../../components/ui/RelativeTime';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import {
  FEEDBACK_STATUSES,
  feedbackStatusLabel,
  feedbackTypeLabel,
  type FeedbackStatus,
} from '../../../../lib/feedback';
import { useT } from '../../../../lib/i18n';
import { ADMIN_PAGE_SIZE, AdminPage, Pagination, TableFrame, adminQueryKey, type Paged } from '../../shared';
import { adminFeedbackQueryOptions, setFeedbackStatus, type AdminFeedbackItem } from '../api/feedback';
import './admin-feedback.css';

/** The creation time as the spec wants it (shown on hover): de-DE, whatever the UI language. */
function formatCreated(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toLocaleString('de-DE');
}

type Result = { tone: 'success' | 'error'; text: string };

interface StatusChange {
  item: AdminFeedbackItem;
  status: FeedbackStatus;
  key: ReturnType<typeof adminFeedbackQueryOptions>['queryKey'];
}

const replaceItem = (page: Paged<AdminFeedbackItem> | undefined, item: AdminFeedbackItem) =>
  page && { ...page, items: page.items.map((i) => (i.id === item.id ? item : i)) };

/**
 * /admin-feedback: all feedback, newest first, with a status select per row.
 * A change is shown at once and saved; a failure puts the old status back.
 */
export function AdminFeedbackPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const options = adminFeedbackQueryOptions({ limit: ADMIN_PAGE_SIZE, offset });
  const list = useQuery(options);
  const [result, setResult] = useState<Result | null>(null);

  const change = useMutation({
    mutationFn: ({ item, status }: StatusChange) => setFeedbackStatus(item.id, status),
    onMutate: async ({ item, status, key }) => {
      setResult(null);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, (page) => replaceItem(page, { ...item, status }));
    },
    onError: (_err, { item, key }) => {
      queryClient.setQueryData(key, (page) => replaceItem(page, item));
      setResult({ tone: 'error', text: t('adminCore.feedback.updateFailed') });
    },
    onSuccess: (saved, { key }) => {
      queryClient.setQueryData(key, (page) => replaceItem(page, saved));
      setResult({ tone: 'success', text: t('adminCore.feedback.updated') });
      // the overview counts open feedback
      void queryClient.invalidateQueries({ queryKey: adminQueryKey('overview') });
    },
  });

  return (
    <AdminPage title={t('admin.feedback')} lead={t('adminCore.feedback.lead')}>
      {result ? <Alert tone={result.tone}>{result.text}</Alert> : null}
      {list.isPending ? (
        <p className="admin-muted" role="status">
          {t('adminCore.loading')}
        </p>
      ) : list.isError ? (
        <Alert tone="error">{t('adminCore.feedback.loadFailed')}</Alert>
      ) : list.data.items.length === 0 ? (
        <p className="admin-muted">{t('adminCore.feedback.empty')}</p>
      ) : (
        <TableFrame label={t('adminCore.feedback.caption')}>
          <table className="admin-table admin-feedback" aria-busy={list.isPlaceholderData || undefined}>
            <caption className="visually-hidden">{t('adminCore.feedback.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminCore.feedback.subject')}</th>
                <th scope="col">{t('adminCore.feedback.type')}</th>
                <th scope="col">{t('adminCore.feedback.message')}</th>
                <th scope="col">{t('adminCore.feedback.from')}</th>
                <th scope="col">{t('adminCore.feedback.status')}</th>
                <th scope="col">{t('adminCore.feedback.created')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((item) => {
                const subject = item.subject || t('adminCore.feedback.noSubject');
                return (
                  <tr key={item.id}>
                    <th scope="row" className="admin-feedback__subject">
                      {subject}
                    </th>
                    <td className="admin-table__nowrap">{t(feedbackTypeLabel(item.type))}</td>
                    <td className="admin-feedback__message">{item.message}</td>
                    <td className="admin-feedback__from">
                      {item.name ? <span className="admin-feedback__name">{item.name}</span> : null}
                      {item.email ? (
                        <a href={`mailto:${item.email}`}>{item.email}</a>
                      ) : item.name ? null : (
                        t('adminCore.feedback.anonymous')
                      )}
                    </td>
                    <td>
                      <select
                        className="field__input field__select admin-feedback__status"
                        aria-label={t('adminCore.feedback.statusOf', { subject })}
                        value={item.status}
                        onChange={(e) =>
                          change.mutate({
                            item,
                            status: e.currentTarget.value as FeedbackStatus,
                            key: options.queryKey,
                          })
                        }
                      >
                        {FEEDBACK_STATUSES.map((status) => (
                          <option key={status} value={status}>
                            {t(feedbackStatusLabel(status))}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="admin-table__nowrap">
                      <RelativeTime value={item.created_at} absolute={formatCreated(item.created_at)} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableFrame>
      )}
      {list.data ? (
        <Pagination
          total={list.data.total}
          limit={ADMIN_PAGE_SIZE}
          offset={offset}
          onChange={(next) => {
            setResult(null);
            setOffset(next);
          }}
          disabled={list.isPlaceholderData}
        />
      ) : null}
    </AdminPage>
  );
}
