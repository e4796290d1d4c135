import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Alert } from '../../../../components/ui/Alert';
import { SelectField, TextAreaField, TextField } from '../../../../components/ui/Field';
import { notify } from '../../../../components/ui/notices-store';
import { ApiError } from '../../../../lib/api';
import { fieldErrorText, useZodForm } from '../../../../lib/forms';
import { errorMessage, useT, type MessageKey, type TFunction } from '../../../../lib/i18n';
import { AdminSection, useAdminFormat } from '../../shared';
import {
  adminPromoCodesQueryKey,
  adminPromoCodesQueryOptions,
  createPromoCode,
  PROMO_PLANS,
  updatePromoCode,
  type PromoCode,
  type PromoCodeCreate,
} from '../api/settings';
import { promoCodeSchema, type PromoCodeForm } from '../schemas';

const PLAN_LABELS: Record<string, MessageKey> = {
  plus: 'adminInsights.plan.plus',
  elite: 'adminInsights.plan.elite',
  promo: 'adminInsights.plan.promo',
};

const planLabel = (plan: string, t: TFunction) => {
  const key = PLAN_LABELS[plan];
  return key ? t(key) : plan;
};

const EMPTY: PromoCodeForm = { code: '', plan: 'plus', valid_until: '', max_redemptions: '', description: '' };
const ID_PREFIX = 'promo-';
const FIELDS = ['code', 'plan', 'valid_until', 'max_redemptions', 'description'] as const;

/** Promo codes: create, list with redemptions, activate/deactivate. */
export function PromoCodesSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const query = useQuery(adminPromoCodesQueryOptions());

  const replace = (code: PromoCode) =>
    queryClient.setQueryData<PromoCode[]>(adminPromoCodesQueryKey, (old) =>
      old?.map((c) => (c.id === code.id ? code : c)),
    );

  return (
    <AdminSection title={t('adminSettings.promo.title')}>
      <CreatePromoCode
        onCreated={(code) => {
          queryClient.setQueryData<PromoCode[]>(adminPromoCodesQueryKey, (old) => (old ? [code, ...old] : old));
          void queryClient.invalidateQueries({ queryKey: adminPromoCodesQueryKey });
          notify({ tone: 'success', text: t('adminSettings.promo.created', { code: code.code }) });
        }}
      />
      {query.isPending ? (
        <p className="admin-muted" role="status">
          {t('adminInsights.loading')}
        </p>
      ) : query.isError ? (
        <Alert tone="error">{errorMessage(query.error, t)}</Alert>
      ) : query.data.length === 0 ? (
        <p className="admin-muted">{t('adminSettings.promo.empty')}</p>
      ) : (
        <PromoTable codes={query.data} onChanged={replace} />
      )}
    </AdminSection>
  );
}

function CreatePromoCode({ onCreated }: { onCreated: (code: PromoCode) => void }) {
  const t = useT();
  const headingId = useId();
  const form = useZodForm(promoCodeSchema, EMPTY, ID_PREFIX);
  const [formError, setFormError] = useState<string | null>(null);
  const id = (field: (typeof FIELDS)[number]) => `${ID_PREFIX}${field}`;
  const error = (field: (typeof FIELDS)[number]) => fieldErrorText(t, form.errors[field]);

  const create = useMutation({
    mutationFn: (input: PromoCodeCreate) => createPromoCode(input),
    onSuccess: (code) => {
      setFormError(null);
      form.reset();
      onCreated(code);
    },
    onError: (err) => {
      setFormError(null);
      if (err instanceof ApiError && err.status === 409) {
        form.setErrors({ ...err.fields, code: err.fields.code ?? (err.message || t('errors.generic')) });
        document.getElementById(id('code'))?.focus();
        return;
      }
      if (form.applyServerErrors(err) && err instanceof ApiError) {
        const first = FIELDS.find((f) => err.fields[f]);
        if (first) document.getElementById(id(first))?.focus();
        else setFormError(err.message || t('errors.generic'));
        return;
      }
      setFormError(errorMessage(err, t));
    },
  });

  return (
    <form
      className="promo-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={form.handleSubmit((data) => create.mutate(data))}
    >
      <h3 id={headingId} className="settings-subtitle">
        {t('adminSettings.promo.create')}
      </h3>
      <div className="promo-form__grid">
        <TextField
          id={id('code')}
          label={t('adminSettings.promo.code')}
          hint={t('adminSettings.promo.codeHint')}
          value={form.values.code}
          maxLength={32}
          required
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          error={error('code')}
          onChange={(e) => form.setValue('code', e.currentTarget.value)}
        />
        <SelectField
          id={id('plan')}
          label={t('adminSettings.promo.plan')}
          hint={t('adminSettings.promo.planHint')}
          value={form.values.plan}
          error={error('plan')}
          onChange={(e) => form.setValue('plan', e.currentTarget.value as PromoCodeForm['plan'])}
        >
          {PROMO_PLANS.map((plan) => (
            <option key={plan} value={plan}>
              {planLabel(plan, t)}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id('valid_until')}
          type="date"
          label={t('adminSettings.promo.validUntil')}
          hint={t('adminSettings.promo.validUntilHint')}
          value={form.values.valid_until}
          error={error('valid_until')}
          onChange={(e) => form.setValue('valid_until', e.currentTarget.value)}
        />
        <TextField
          id={id('max_redemptions')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          label={t('adminSettings.promo.max')}
          hint={t('adminSettings.promo.maxHint')}
          value={form.values.max_redemptions}
          error={error('max_redemptions')}
          onChange={(e) => form.setValue('max_redemptions', e.currentTarget.value)}
        />
      </div>
      <TextAreaField
        id={id('description')}
        label={t('adminSettings.promo.description')}
        value={form.values.description}
        rows={2}
        maxLength={1000}
        error={error('description')}
        onChange={(e) => form.setValue('description', e.currentTarget.value)}
      />
      {formError ? (
        <p className="field__error" role="alert">
          {formError}
        </p>
      ) : null}
      <div>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {t('adminSettings.promo.submit')}
        </button>
      </div>
    </form>
  );
}

type PromoState = 'active' | 'inactive' | 'expired' | 'usedUp';

function stateOf(code: PromoCode, now: number): PromoState {
  if (!code.active) return 'inactive';
  if (code.valid_until && Date.parse(code.valid_until) <= now) return 'expired';
  if (code.max_redemptions !== null && code.redemptions >= code.max_redemptions) return 'usedUp';
  return 'active';
}

const STATE_BADGES: Record<PromoState, { key: MessageKey; className: string }> = {
  active: { key: 'adminSettings.promo.active', className: 'badge badge--success' },
  inactive: { key: 'adminSettings.promo.inactive', className: 'badge' },
  expired: { key: 'adminSettings.promo.expired', className: 'badge badge--warning' },
  usedUp: { key: 'adminSettings.promo.usedUp', className: 'badge badge--warning' },
};

function PromoTable({ codes, onChanged }: { codes: PromoCode[]; onChanged: (code: PromoCode) => void }) {
  const t = useT();
  const format = useAdminFormat();
  const [now] = useState(() => Date.now());
  const toggle = useMutation({
    mutationFn: (code: PromoCode) => updatePromoCode(code.id, { active: !code.active }),
    onSuccess: onChanged,
    onError: (err) => notify({ tone: 'error', text: errorMessage(err, t) }),
  });

  return (
    <div className="admin-table-wrap">
      <table className="admin-table promo-table">
        <caption>{t('adminSettings.promo.list')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminSettings.promo.code')}</th>
            <th scope="col">{t('adminSettings.promo.plan')}</th>
            <th scope="col">{t('adminSettings.tones.description')}</th>
            <th scope="col" className="admin-table__num">
              {t('adminSettings.promo.col.uses')}
            </th>
            <th scope="col">{t('adminSettings.promo.col.validUntil')}</th>
            <th scope="col">{t('adminSettings.promo.col.status')}</th>
            <th scope="col">{t('adminSettings.promo.col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((code) => {
            const state = STATE_BADGES[stateOf(code, now)];
            const busy = toggle.isPending && toggle.variables.id === code.id;
            return (
              <tr key={code.id}>
                <th scope="row" className="settings-facts__code">
                  {code.code}
                </th>
                <td>{planLabel(code.plan, t)}</td>
                <td>{code.description || t('adminInsights.none')}</td>
                <td className="admin-table__num admin-table__nowrap">
                  {t('adminSettings.promo.uses', {
                    used: format.number(code.redemptions),
                    max:
                      code.max_redemptions === null
                        ? t('adminSettings.promo.unlimited')
                        : format.number(code.max_redemptions),
                  })}
                </td>
                <td className="admin-table__nowrap">
                  {code.valid_until ? format.date(code.valid_until) : t('adminSettings.promo.noExpiry')}
                </td>
                <td>
                  <span className={state.className}>{t(state.key)}</span>
                </td>
                <td>
                  <button
                    type="button"
                    className="button button--secondary button--tiny"
                    aria-label={t(
                      code.active ? 'adminSettings.promo.deactivateLabel' : 'adminSettings.promo.activateLabel',
                      { code: code.code },
                    )}
                    aria-disabled={busy || undefined}
                    onClick={() => {
                      if (!busy) toggle.mutate(code);
                    }}
                  >
                    {t(code.active ? 'adminSettings.promo.deactivate' : 'adminSettings.promo.activate')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
