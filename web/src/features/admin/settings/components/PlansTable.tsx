import { useT, type MessageKey } from '../../../../lib/i18n';
import { TableFrame, useAdminFormat } from '../../shared';
import type { AdminSettings } from '../api/settings';

const PLAN_LABELS: Record<string, MessageKey> = {
  free: 'adminInsights.plan.free',
  plus: 'adminInsights.plan.plus',
  elite: 'adminInsights.plan.elite',
  promo: 'adminInsights.plan.promo',
};

/** Plan ids and quotas from the configuration, read-only. */
export function PlansTable({ plans, paypalConfigured }: Pick<AdminSettings, 'plans' | 'paypalConfigured'>) {
  const t = useT();
  const format = useAdminFormat();
  return (
    <>
      <TableFrame label={t('adminSettings.plans.caption')}>
        <table className="admin-table">
          <caption>{t('adminSettings.plans.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('adminTokens.col.plan')}</th>
              <th scope="col">{t('adminSettings.plans.planId')}</th>
              <th scope="col" className="admin-table__num">
                {t('adminSettings.plans.quota')}
              </th>
            </tr>
          </thead>
          <tbody>
            {plans.map((p) => {
              const label = PLAN_LABELS[p.plan];
              return (
                <tr key={p.plan}>
                  <th scope="row">{label ? t(label) : p.plan}</th>
                  <td className="settings-facts__code">
                    {p.plan === 'free'
                      ? t('adminInsights.none')
                      : p.planId || <span className="admin-muted">{t('adminSettings.plans.notConfigured')}</span>}
                  </td>
                  <td className="admin-table__num">{format.number(p.quota)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableFrame>
      <p className={paypalConfigured ? 'admin-muted' : 'settings-warning'}>
        {paypalConfigured ? t('adminSettings.paypal.on') : t('adminSettings.paypal.off')}
      </p>
    </>
  );
}
