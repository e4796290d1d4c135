import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Dialog } from '../../../components/ui/Dialog';
import { CheckboxField } from '../../../components/ui/Field';
import { notify } from '../../../components/ui/notices-store';
import { ApiError, type PayPalConfigResponse, type SubscriptionResponse, type Tier } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { lazyChunk } from '../../../lib/chunks';
import { LOCALES, useI18n, type MessageKey, type TFunction } from '../../../lib/i18n';
import { subscriptionQueryKey, usageQueryKey } from '../../../lib/realtime/invalidate';
import { cancelSubscription } from '../api/cancel-subscription';
import { confirmSubscription } from '../api/confirm-subscription';
import { paypalConfigQueryOptions } from '../api/paypal-config';
import { reviseSubscription } from '../api/revise-subscription';
import { subscriptionQueryOptions } from '../api/subscription';
import { uncancelSubscription } from '../api/uncancel-subscription';
import { validatePromo } from '../api/validate-promo';
import { forgetPlanChange, pendingPlanChange, rememberPlanChange } from '../../../lib/plan-change';
import { PROFILE_STATUS_KEYS, subscriptionStatusLabel } from '../../../lib/subscription-status';
import type { Offer } from './PayPalOffers';

// PayPal's React wrapper and script only when the offers are shown.
const PayPalOffers = lazyChunk(() => import('./PayPalOffers'), ['profile']);

/** How often the profile asks for the subscription while PayPal has yet to report a plan change. */
const PLAN_CHANGE_POLL_MS = 5000;
/** Toasts last 3 s (spec 01 §9). */
const TOAST_MS = 3000;
/** The reason PayPal records for a cancellation made in the profile. */
const CANCEL_REASON = 'Cancelled by the customer in the Sales Coach profile';

// Keys of Tier ('free' | 'plus' | 'elite'); another value reads as Free.
const TIER_TEXT: Record<string, MessageKey | undefined> = {
  free: 'profile.plan.free',
  plus: 'profile.plan.plus',
  elite: 'profile.plan.elite',
};

function tierName(t: TFunction, tier: string): string {
  return t(TIER_TEXT[tier] ?? 'profile.plan.free');
}

interface Failure {
  title: string;
  details?: string;
}

/**
 * An alert of the specification's catalogue for a failed call: `title` is
 * the operation's text; the server's own message follows when it says more
 * (a code other than the operation's own ones).
 */
function failure(err: unknown, title: string, ownCodes: string[]): Failure {
  if (err instanceof ApiError && err.message && !ownCodes.includes(err.code)) {
    return { title, details: err.message };
  }
  return { title };
}

/** True when waiting and trying again may help: PayPal or our server unreachable, 5xx. */
function passing(err: unknown): boolean {
  return err instanceof ApiError && (err.isNetworkError || err.status >= 500);
}

/**
 * The profile's subscription (spec 01 §4 'Subscription'): the tier and the
 * lower-cased status; for an active subscription 'Abo kündigen' (or
 * 'Kündigung zurücknehmen' while a cancellation is pending) and the change
 * Plus ↔ Elite; for everyone else the plans with PayPal's subscription
 * buttons and the promo field, or, without PayPal settings, that payments
 * are not configured.
 */
export function SubscriptionSection() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [change] = useState(() => pendingPlanChange());
  const reached = (s: SubscriptionResponse | undefined) =>
    Boolean(change && s && s.paypal_id === change.paypalId && s.tier === change.to);
  const subscription = useQuery({
    ...subscriptionQueryOptions(),
    // While PayPal has yet to report the approved change, ask now and then
    // (its webhook also reaches this tab as a live update).
    refetchInterval: (query) => (change && !reached(query.state.data) ? PLAN_CHANGE_POLL_MS : false),
  });
  const sub = subscription.data;
  const changeReached = reached(sub);
  const waitingForPayPal = Boolean(change) && !changeReached;

  useEffect(() => {
    if (!change || !changeReached) return;
    forgetPlanChange();
    notify({ tone: 'success', text: t('profile.subscription.changed', { plan: tierName(t, change.to) }) }, TOAST_MS);
    void queryClient.invalidateQueries({ queryKey: usageQueryKey });
  }, [change, changeReached, queryClient, t]);

  if (subscription.isError) return <p className="field__error">{t('profile.plan.failed')}</p>;
  const status = sub?.status.toLowerCase() ?? '';
  return (
    <div className="profile-plan">
      <p>
        <span className="profile-plan__label">{t('profile.plan')}: </span>
        {sub ? <strong className="profile-plan__tier">{tierName(t, sub.tier)}</strong> : '…'}
        {status ? <span className="profile-plan__status">{subscriptionStatusLabel(t, PROFILE_STATUS_KEYS, status)}</span> : null}
      </p>
      {change && waitingForPayPal ? (
        <Alert tone="info">{t('profile.subscription.changePending', { plan: tierName(t, change.to) })}</Alert>
      ) : null}
      {!sub ? null : status === 'active' ? (
        <ManageSubscription sub={sub} />
      ) : status === 'approved' || status === 'approval_pending' ? (
        <p className="field__hint">{t('profile.plan.approving')}</p>
      ) : (
        <UpgradeOffers />
      )}
    </div>
  );
}

/** Cancel, undo and the plan change of an active subscription. */
function ManageSubscription({ sub }: { sub: SubscriptionResponse }) {
  const { t, lang } = useI18n();
  const queryClient = useQueryClient();
  const config = useQuery(paypalConfigQueryOptions());
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<Failure | null>(null);
  // The plan change starts another paid plan: it needs the waiver too.
  const [waiver, setWaiver] = useState(false);
  const waiverReasonId = useId();
  const dateOf = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString(LOCALES[lang]) : '');

  const applied = (res: SubscriptionResponse) => {
    queryClient.setQueryData(subscriptionQueryKey, res);
    void queryClient.invalidateQueries({ queryKey: usageQueryKey });
  };
  const cancel = useMutation({
    mutationFn: () => cancelSubscription({ subscriptionID: sub.paypal_id, reason: CANCEL_REASON }),
    onSuccess: (res) => {
      setConfirming(false);
      applied(res);
      notify({ tone: 'success', text: t('profile.subscription.endsOn', { date: dateOf(res.cancel_at) }) }, TOAST_MS);
    },
    onError: (err) => {
      setConfirming(false);
      const title = passing(err) ? t('profile.subscription.cancelRetry') : t('profile.subscription.cancelFailed');
      setProblem(failure(err, title, ['subscription_cancel_retry', 'subscription_cancel_failed']));
    },
  });
  const uncancel = useMutation({
    mutationFn: () => uncancelSubscription(sub.paypal_id),
    onSuccess: (res) => {
      applied(res);
      notify({ tone: 'success', text: t('profile.subscription.uncancelled') }, TOAST_MS);
    },
    onError: (err) =>
      setProblem(failure(err, t('profile.subscription.uncancelFailed'), ['subscription_uncancel_failed'])),
  });

  // Plus ↔ Elite: PayPal asks the buyer to approve on its page and sends
  // them back to /app/dashboard?paypal=revised.
  const target: Tier | null = sub.tier === 'plus' ? 'elite' : sub.tier === 'elite' ? 'plus' : null;
  const targetPlanId = target ? config.data?.plans[target] : undefined;
  const revise = useMutation({
    mutationFn: (planId: string) => reviseSubscription({ subscriptionID: sub.paypal_id, planId, withdrawalWaiver: true }),
    onSuccess: ({ approveUrl }) => {
      let url: URL | null = null;
      try {
        url = new URL(approveUrl);
      } catch {
        url = null;
      }
      if (!target || !url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        setProblem({ title: t('profile.subscription.reviseFailed') });
        return;
      }
      rememberPlanChange(sub.paypal_id, target);
      window.location.assign(url.toString());
    },
    onError: (err) => setProblem(failure(err, t('profile.subscription.reviseFailed'), ['subscription_revise_failed'])),
  });

  const busy = cancel.isPending || uncancel.isPending || revise.isPending;
  const pendingCancel = sub.cancel_at_period_end && sub.cancel_at !== null;
  const start = (run: () => void) => {
    setProblem(null);
    run();
  };
  const canChange = !pendingCancel && Boolean(target && targetPlanId && config.data?.configured);

  return (
    <div className="profile-subscription">
      {pendingCancel ? (
        <p className="profile-subscription__ends">{t('profile.subscription.endsOn', { date: dateOf(sub.cancel_at) })}</p>
      ) : null}
      {canChange ? (
        <WaiverField id="profile-change-waiver" reasonId={waiverReasonId} checked={waiver} onChange={setWaiver} />
      ) : null}
      <div className="profile-subscription__actions">
        {pendingCancel ? (
          <button
            type="button"
            className="button button--primary button--small"
            disabled={busy}
            onClick={() => start(() => uncancel.mutate())}
          >
            {t('profile.subscription.uncancel')}
          </button>
        ) : (
          <>
            {canChange && target && targetPlanId && config.data ? (
              <button
                type="button"
                className="button button--primary button--small"
                disabled={busy || !waiver}
                aria-describedby={waiver ? undefined : waiverReasonId}
                onClick={() => start(() => revise.mutate(targetPlanId))}
              >
                {revise.isPending || revise.isSuccess
                  ? t('profile.subscription.changing')
                  : t('profile.subscription.change', {
                      plan: tierName(t, target),
                      price: config.data.prices[target],
                    })}
              </button>
            ) : null}
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busy}
              onClick={() => {
                setProblem(null);
                setConfirming(true);
              }}
            >
              {t('profile.subscription.cancel')}
            </button>
          </>
        )}
      </div>
      {problem ? (
        <Alert tone="error" title={problem.title}>
          {problem.details}
        </Alert>
      ) : null}
      <Dialog
        open={confirming}
        title={t('profile.subscription.cancelTitle')}
        onClose={() => setConfirming(false)}
        className="dialog--small"
      >
        <div className="stack">
          <p>{t('profile.subscription.cancelText', { plan: tierName(t, sub.tier) })}</p>
          <div className="dialog__actions">
            <button
              type="button"
              className="button button--secondary"
              data-autofocus=""
              onClick={() => setConfirming(false)}
            >
              {t('profile.subscription.keep')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              {t('profile.subscription.cancel')}
            </button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}

/** The plans with PayPal's buttons and the promo field, for users without an active subscription. */
function UpgradeOffers() {
  const { t } = useI18n();
  const config = useQuery(paypalConfigQueryOptions());
  if (config.isError) return <p className="field__error">{t('profile.plan.configFailed')}</p>;
  if (!config.data) return null;
  const { configured, plans } = config.data;
  if (!configured || !plans.plus || !plans.elite) {
    return <p className="field__hint">{t('profile.plan.notConfigured')}</p>;
  }
  return <Offers config={config.data} plus={plans.plus} elite={plans.elite} />;
}

function Offers({ config, plus, elite }: { config: PayPalConfigResponse; plus: string; elite: string }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const { session } = useAuth();
  const userId = session?.user.id ?? '';
  const headingId = useId();
  const [promo, setPromo] = useState<Promo | null>(null);
  const [problem, setProblem] = useState<Failure | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [waiver, setWaiver] = useState(false);
  const waiverReasonId = useId();

  const detail = (tier: 'plus' | 'elite') =>
    t('profile.plan.offer.quota', { quota: tier === 'plus' ? 250 : 1000 });
  // A code for Plus or Elite puts the promotion's description on that offer.
  const noteFor = (planId: string) => (promo && promo.planId === planId && promo.description ? promo.description : undefined);
  const offers: Offer[] = [
    { key: 'plus', label: t('profile.plan.offer.plus', { price: config.prices.plus }), detail: detail('plus'), note: noteFor(plus), planId: plus, customId: userId },
    { key: 'elite', label: t('profile.plan.offer.elite', { price: config.prices.elite }), detail: detail('elite'), note: noteFor(elite), planId: elite, customId: userId },
  ];
  if (promo && promo.planId !== plus && promo.planId !== elite) {
    // custom_id carries the code, so that PayPal's webhook can still redeem
    // it should this browser never confirm (billing.CustomID).
    offers.push({
      key: 'promo',
      label: promo.price ? t('profile.plan.offer.promoPrice', { price: promo.price }) : t('profile.plan.offer.promo'),
      detail: detail('elite'),
      note: promo.description || undefined,
      planId: promo.planId,
      customId: `${userId}:${promo.code}`,
    });
  }

  const onApprove = async (subscriptionID: string, offer: Offer) => {
    setProblem(null);
    setConfirming(true);
    try {
      const res = await confirmSubscription({
        subscriptionID,
        ...(offer.key === 'promo' && promo ? { promoCode: promo.code } : {}),
        withdrawalWaiver: true,
      });
      queryClient.setQueryData(subscriptionQueryKey, res);
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
      notify({ tone: 'success', text: t('profile.subscription.confirmed', { plan: tierName(t, res.tier) }) }, TOAST_MS);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : '';
      setProblem({ title: message || t('profile.subscription.confirmFailed') });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <section className="profile-offers" aria-labelledby={headingId}>
      <p id={headingId} className="field__label">
        {t('profile.plan.offers')}
      </p>
      <WaiverField id="profile-offers-waiver" reasonId={waiverReasonId} checked={waiver} onChange={setWaiver} />
      <Suspense
        fallback={
          <p className="field__hint" role="status">
            {t('profile.paypal.loading')}
          </p>
        }
      >
        <PayPalOffers
          clientId={config.clientId}
          sdkUrl={config.sdkUrl}
          offers={offers}
          onApprove={onApprove}
          onError={() => setProblem({ title: t('profile.paypal.failed') })}
          waiver={waiver}
          lockedReasonId={waiverReasonId}
        />
      </Suspense>
      {confirming ? (
        <p className="field__hint" role="status">
          {t('profile.subscription.confirming')}
        </p>
      ) : null}
      {problem ? (
        <Alert tone="error" title={problem.title}>
          {problem.details}
        </Alert>
      ) : null}
      <PromoField onValid={setPromo} />
    </section>
  );
}

/**
 * The waiver a paid plan's start needs (issue 25 point 15): 'Ich verlange
 * ausdrücklich, dass mit der Leistung vor Ablauf der Widerrufsfrist begonnen
 * wird, …'. While it is not ticked, the hint `reasonId` says why the start
 * buttons are disabled (they point at it with aria-describedby).
 */
function WaiverField({
  id,
  reasonId,
  checked,
  onChange,
}: {
  id: string;
  reasonId: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <div className="profile-waiver">
      <CheckboxField
        id={id}
        label={t('profile.waiver.label')}
        checked={checked}
        aria-required="true"
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      {checked ? null : (
        <p id={reasonId} className="field__hint">
          {t('profile.waiver.required')}
        </p>
      )}
    </div>
  );
}

/** A valid promo code: the plan id it unlocks, its price (euros a month, when known) and the promotion's description. */
interface Promo {
  code: string;
  planId: string;
  price?: number | undefined;
  description?: string | undefined;
}

/** The promo field (spec 01 §4, §5, §8): a valid code unlocks the promo plan's button. */
function PromoField({ onValid }: { onValid: (promo: Promo) => void }) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useMutation({ mutationFn: validatePromo });
  const id = 'profile-promo';
  const errorId = `${id}-error`;

  const run = () => {
    const value = code.trim();
    if (!value || check.isPending) return;
    setError(null);
    check.mutate(value, {
      onSuccess: (res) => {
        // Valid only when the answer says ok and valid and carries a plan id (spec 01 §5).
        if (res.ok && res.valid && res.planId) {
          notify({ tone: 'success', text: t('profile.promo.activated') }, TOAST_MS);
          onValid({ code: value, planId: res.planId, price: res.price, description: res.description });
          return;
        }
        setError(res.ok && res.code === 'promo_unavailable' ? t('profile.promo.unavailable') : t('profile.promo.invalid'));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 503) setError(t('profile.promo.unavailable'));
        else if (err instanceof ApiError && err.status === 429 && err.message) setError(err.message);
        else setError(t('profile.promo.failed'));
      },
    });
  };

  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {t('profile.promo')}
      </label>
      <div className="profile-website">
        <input
          id={id}
          type="text"
          className="field__input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            if (error) setError(null);
          }}
          onKeyDown={(e) => {
            // Enter checks the code instead of saving the whole profile.
            if (e.key === 'Enter') {
              e.preventDefault();
              run();
            }
          }}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={code.trim() === '' || check.isPending}
          onClick={run}
        >
          {check.isPending ? t('profile.promo.checking') : t('profile.promo.check')}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
