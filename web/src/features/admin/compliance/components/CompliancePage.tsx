import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../../components/ui/Alert';
import { ApiError } from '../../../../lib/api';
import { useT, type TFunction } from '../../../../lib/i18n';
import { AdminPage, AdminSection, StatCard, StatGrid, TableFrame, adminPlanLabel, useAdminFormat } from '../../shared';
import type { ComplianceResponse } from '../api/compliance';
import { complianceQueryOptions } from '../api/compliance';

/** Spec 02 §8: the error's message, else 'Fehler beim Laden der Compliance-Metriken'. */
function loadErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    if (error.isNetworkError) return t('errors.network');
  } else if (error instanceof Error && error.message) {
    return error.message;
  }
  return t('adminCore.compliance.loadFailed');
}

type Orphaned = NonNullable<ComplianceResponse['orphanedSubscriptions']>;

/**
 * PayPal subscriptions approved for an account that no longer exists: the
 * server cancels them at PayPal; the admin sees which, and where PayPal has
 * not accepted the cancellation yet (issue 25 point 3).
 */
function OrphanedSubscriptions({ items }: { items: Orphaned }) {
  const t = useT();
  const format = useAdminFormat();
  return (
    <AdminSection title={t('adminCore.compliance.orphaned')} lead={t('adminCore.compliance.orphanedLead')}>
      {items.length === 0 ? (
        <p className="admin-muted">{t('adminCore.compliance.orphanedNone')}</p>
      ) : (
        <TableFrame label={t('adminCore.compliance.orphaned')}>
          <table className="admin-table">
            <caption className="visually-hidden">{t('adminCore.compliance.orphaned')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('adminCore.compliance.orphanedRecorded')}</th>
                <th scope="col">{t('adminCore.compliance.orphanedPayPal')}</th>
                <th scope="col">{t('adminCore.compliance.orphanedPlan')}</th>
                <th scope="col">{t('adminCore.compliance.orphanedState')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((o) => (
                <tr key={o.paypalId}>
                  <td>{format.dateTime(o.recordedAt)}</td>
                  <td>{o.paypalId}</td>
                  <td>{t(adminPlanLabel(o.plan))}</td>
                  <td>
                    {o.cancelled
                      ? t('adminCore.compliance.orphanedCancelled', { date: format.dateTime(o.cancelledAt) })
                      : t('adminCore.compliance.orphanedFailed', { error: o.error || '–' })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </AdminSection>
  );
}

/** /compliance: terms acceptance by version; the consent audit of the last 30 days, by version and by type; orphaned PayPal subscriptions. */
export function CompliancePage() {
  const t = useT();
  const format = useAdminFormat();
  const compliance = useQuery(complianceQueryOptions());

  return (
    <AdminPage title={t('admin.compliance')} lead={t('adminCore.compliance.lead')}>
      {compliance.isPending ? (
        <p className="admin-muted" role="status">
          {t('adminCore.loading')}
        </p>
      ) : compliance.isError ? (
        <Alert tone="error">{loadErrorText(compliance.error, t)}</Alert>
      ) : (
        <>
          <AdminSection title={t('adminCore.compliance.terms')} lead={t('adminCore.compliance.termsLead')}>
            <StatGrid>
              <StatCard label={t('adminCore.compliance.v1')} value={format.number(compliance.data.terms.v1)} />
              <StatCard label={t('adminCore.compliance.v2')} value={format.number(compliance.data.terms.v2)} />
              <StatCard label={t('adminCore.compliance.other')} value={format.number(compliance.data.terms.other)} />
              <StatCard
                label={t('adminCore.compliance.without')}
                value={format.number(compliance.data.terms.without)}
              />
            </StatGrid>
          </AdminSection>
          <AdminSection
            title={t('adminCore.compliance.audit')}
            lead={t('adminCore.compliance.auditLead', { days: compliance.data.audit.days })}
          >
            <StatGrid>
              <StatCard label={t('adminCore.compliance.total')} value={format.number(compliance.data.audit.total)} />
              <StatCard label={t('adminCore.compliance.v1')} value={format.number(compliance.data.audit.v1)} />
              <StatCard label={t('adminCore.compliance.v2')} value={format.number(compliance.data.audit.v2)} />
              <StatCard label={t('adminCore.compliance.typeTerms')} value={format.number(compliance.data.audit.terms)} />
              <StatCard
                label={t('adminCore.compliance.typeWaiver')}
                value={format.number(compliance.data.audit.withdrawalWaiver)}
              />
            </StatGrid>
          </AdminSection>
          <OrphanedSubscriptions items={compliance.data.orphanedSubscriptions ?? []} />
        </>
      )}
    </AdminPage>
  );
}
