import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../../../components/ui/Alert';
import { errorMessage, useT } from '../../../../lib/i18n';
import { AdminPage, AdminSection } from '../../shared';
import { adminSettingsQueryOptions } from '../api/settings';
import { EngineSection } from './EngineSection';
import { ExamSection } from './ExamSection';
import { PlansTable } from './PlansTable';
import { PromoCodesSection } from './PromoCodesSection';
import { TonePresetsSection } from './TonePresetsSection';
import './settings.css';

/** /settings: model engine (with a connection test), the exams' pass mark, tone presets, promo codes, plans. */
export function SettingsPage() {
  const t = useT();
  const settings = useQuery(adminSettingsQueryOptions());

  const engine = settings.isPending ? (
    <Loading />
  ) : settings.isError ? (
    <Alert tone="error">{errorMessage(settings.error, t)}</Alert>
  ) : (
    <EngineSection engine={settings.data.engine} />
  );
  const plans = settings.isPending ? (
    <Loading />
  ) : settings.isError ? (
    <Alert tone="error">{errorMessage(settings.error, t)}</Alert>
  ) : (
    <PlansTable plans={settings.data.plans} paypalConfigured={settings.data.paypalConfigured} />
  );

  const exam = settings.isPending ? (
    <Loading />
  ) : settings.isError ? (
    <Alert tone="error">{errorMessage(settings.error, t)}</Alert>
  ) : (
    <ExamSection passMark={settings.data.examPassMark} />
  );

  return (
    <AdminPage title={t('admin.settings')} lead={t('adminSettings.lead')} className="admin-settings">
      <AdminSection title={t('adminSettings.engine.title')}>
        {engine}
      </AdminSection>
      <AdminSection title={t('adminSettings.exam.title')} lead={t('adminSettings.exam.lead')}>
        {exam}
      </AdminSection>
      <TonePresetsSection />
      <PromoCodesSection />
      <AdminSection title={t('adminSettings.plans.title')} lead={t('adminSettings.plans.note')}>
        {plans}
      </AdminSection>
    </AdminPage>
  );
}

function Loading() {
  const t = useT();
  return (
    <p className="admin-muted" role="status">
      {t('adminInsights.loading')}
    </p>
  );
}
