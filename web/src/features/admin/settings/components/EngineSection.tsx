import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../../../components/ui/Alert';
import { errorMessage, useT } from '../../../../lib/i18n';
import { useAdminFormat } from '../../shared';
import { checkEngine, type AdminSettings } from '../api/settings';

/** The engine in use and 'Verbindung testen' (POST /api/admin/settings/engine-check). */
export function EngineSection({ engine }: { engine: AdminSettings['engine'] }) {
  const t = useT();
  const format = useAdminFormat();
  const check = useMutation({ mutationFn: checkEngine });
  const none = t('adminInsights.none');

  return (
    <div className="settings-engine">
      <dl className="settings-facts">
        <div className="settings-facts__item">
          <dt>{t('adminSettings.engine.name')}</dt>
          <dd>{engine.name === 'builtin' ? t('adminSettings.engine.builtin') : t('adminSettings.engine.openai')}</dd>
        </div>
        <div className="settings-facts__item">
          <dt>{t('adminSettings.engine.model')}</dt>
          <dd className="settings-facts__code">{engine.model || none}</dd>
        </div>
        <div className="settings-facts__item">
          <dt>{t('adminSettings.engine.baseUrl')}</dt>
          <dd className="settings-facts__code">{engine.baseUrl || none}</dd>
        </div>
      </dl>
      <div className="settings-engine__check">
        {/* aria-disabled keeps the focus on the button while the test runs */}
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={check.isPending || undefined}
          aria-busy={check.isPending || undefined}
          onClick={() => {
            if (!check.isPending) check.mutate();
          }}
        >
          {check.isPending ? (
            <>
              <span className="spinner spinner--small" aria-hidden="true" />
              {t('adminSettings.engine.checking')}
            </>
          ) : (
            t('adminSettings.engine.check')
          )}
        </button>
        {check.isPending ? null : check.isError ? (
          <Alert tone="error">{errorMessage(check.error, t)}</Alert>
        ) : check.data?.ok ? (
          <Alert tone="success">{t('adminSettings.engine.ok', { latency: format.number(check.data.latencyMs) })}</Alert>
        ) : check.data ? (
          <Alert tone="error">
            {check.data.error
              ? t('adminSettings.engine.failed', { error: check.data.error })
              : t('adminSettings.engine.failedPlain')}
          </Alert>
        ) : null}
      </div>
    </div>
  );
}
