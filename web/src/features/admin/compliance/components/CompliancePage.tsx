import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../../components/ui/Alert';
import { ApiError } from '../../../../lib/api';
import { useT, type TFunction } from '../../../../lib/i18n';
import { AdminPage, AdminSection, StatCard, StatGrid, useAdminFormat } from '../../shared';
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

/** /compliance: terms acceptance by version; the consent audit of the last 30 days, by version and by type. */
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
        </>
      )}
    </AdminPage>
  );
}
