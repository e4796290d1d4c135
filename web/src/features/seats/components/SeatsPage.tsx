import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Field';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage, LOCALES, useI18n, type TFunction } from '../../../lib/i18n';
import {
  approvalTarget,
  assignSeat,
  buySeats,
  cancelSeats,
  confirmSeats,
  quantitySchema,
  reviseSeats,
  seatsQueryKey,
  seatsQueryOptions,
  unassignSeat,
  uncancelSeats,
  type SeatMember,
  type Seats,
} from '../api/seats';
import './seats.css';

const STATUS_KEYS: Partial<Record<string, 'seats.status.active' | 'seats.status.pending' | 'seats.status.suspended' | 'seats.status.cancelled'>> = {
  ACTIVE: 'seats.status.active',
  APPROVAL_PENDING: 'seats.status.pending',
  APPROVED: 'seats.status.pending',
  SUSPENDED: 'seats.status.suspended',
  CANCELLED: 'seats.status.cancelled',
  EXPIRED: 'seats.status.cancelled',
};

function statusText(t: TFunction, status: string): string {
  const key = STATUS_KEYS[status];
  return key ? t(key) : status;
}

const ROLE_KEYS = { owner: 'seats.role.owner', manager: 'seats.role.manager', member: 'seats.role.member' } as const;

/** The number-of-seats form: buying (no active subscription) or changing the number. */
function QuantityForm({ seats, mode }: { seats: Seats; mode: 'buy' | 'change' }) {
  const { t } = useI18n();
  const [value, setValue] = useState(String(mode === 'buy' ? Math.max(seats.assigned, 1) : seats.quantity));
  const [problem, setProblem] = useState<string | undefined>();
  const checkout = useMutation({
    mutationFn: (quantity: number) => (mode === 'buy' ? buySeats(quantity) : reviseSeats(quantity)),
    onSuccess: ({ approveUrl }) => {
      const target = approvalTarget(approveUrl);
      if (!target) {
        setProblem(t('seats.failed'));
        return;
      }
      window.location.assign(target);
    },
    onError: (err) => setProblem(errorMessage(err, t)),
  });
  const parsed = quantitySchema(seats.maxSeats).safeParse(value);
  const onSubmit = (e: SyntheticEvent) => {
    e.preventDefault();
    if (!parsed.success) {
      setProblem(t('seats.quantity.invalid', { max: seats.maxSeats }));
      return;
    }
    setProblem(undefined);
    checkout.mutate(parsed.data);
  };
  const id = mode === 'buy' ? 'seats-buy-quantity' : 'seats-change-quantity';
  return (
    <form className="seats__form" onSubmit={onSubmit} noValidate>
      <TextField
        id={id}
        label={t(mode === 'buy' ? 'seats.quantity' : 'seats.quantity.new')}
        type="number"
        inputMode="numeric"
        min={1}
        max={seats.maxSeats}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={problem}
        hint={parsed.success ? t('seats.total', { total: parsed.data * seats.pricePerSeat }) : undefined}
      />
      <button type="submit" className="button button--primary" disabled={checkout.isPending}>
        {t(mode === 'buy' ? 'seats.buy' : 'seats.change')}
      </button>
    </form>
  );
}

/** Who holds a seat, and the button that gives or takes one. */
function MemberRows({ seats }: { seats: Seats }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = useMutation({
    mutationFn: (m: SeatMember) => (m.seat ? unassignSeat(m.userId) : assignSeat(m.userId)),
    onSuccess: (next) => {
      setProblem(null);
      queryClient.setQueryData(seatsQueryKey, next);
    },
    onError: (err) => setProblem(errorMessage(err, t)),
  });
  const canAssign = seats.status === 'ACTIVE' && seats.assigned < seats.quantity;
  return (
    <section className="seats__members" aria-labelledby="seats-members-title">
      <h2 id="seats-members-title" className="seats__subtitle">
        {t('seats.members')}
      </h2>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="seats__table-wrap" role="region" aria-labelledby="seats-members-title" tabIndex={0}>
        <table className="seats__table">
          <thead>
            <tr>
              <th scope="col">{t('seats.column.name')}</th>
              <th scope="col">{t('seats.column.email')}</th>
              <th scope="col">{t('seats.column.role')}</th>
              <th scope="col">{t('seats.column.seat')}</th>
            </tr>
          </thead>
          <tbody>
            {seats.members.map((m) => {
              const name = m.displayName || m.email;
              return (
                <tr key={m.userId}>
                  <th scope="row">{name}</th>
                  <td>{m.email}</td>
                  <td>{t(ROLE_KEYS[m.role])}</td>
                  <td>
                    <button
                      type="button"
                      className={m.seat ? 'button button--secondary button--small' : 'button button--primary button--small'}
                      aria-label={t(m.seat ? 'seats.unassign.named' : 'seats.assign.named', { name })}
                      disabled={toggle.isPending || (!m.seat && !canAssign)}
                      onClick={() => toggle.mutate(m)}
                    >
                      {t(m.seat ? 'seats.unassign' : 'seats.assign')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** 'Team-Abo kündigen' / 'Kündigung zurücknehmen'. */
function Cancellation({ seats }: { seats: Seats }) {
  const { t, lang } = useI18n();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => (seats.cancelAtPeriodEnd ? uncancelSeats() : cancelSeats()),
    onSuccess: (next) => {
      setProblem(null);
      queryClient.setQueryData(seatsQueryKey, next);
    },
    onError: (err) => setProblem(errorMessage(err, t)),
  });
  const end = seats.cancelAt ? new Date(seats.cancelAt).toLocaleDateString(LOCALES[lang]) : null;
  return (
    <div className="seats__cancel">
      {seats.cancelAtPeriodEnd && end ? <p>{t('seats.cancelAt', { date: end })}</p> : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <button type="button" className="button button--secondary" disabled={change.isPending} onClick={() => change.mutate()}>
        {t(seats.cancelAtPeriodEnd ? 'seats.uncancel' : 'seats.cancel')}
      </button>
    </div>
  );
}

/** Reads the subscription back once when PayPal sent the owner here (?subscription_id=…), then drops the query. */
function useConfirmOnReturn() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const done = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);
  const subscriptionId = new URLSearchParams(search).get('subscription_id');
  const confirm = useMutation({
    mutationFn: confirmSeats,
    onSuccess: (next) => queryClient.setQueryData(seatsQueryKey, next),
    onError: (err) => setProblem(errorMessage(err, t)),
    onSettled: () => navigate('/team/seats', { replace: true }),
  });
  useEffect(() => {
    if (!subscriptionId || done.current) return;
    done.current = true;
    confirm.mutate(subscriptionId);
  }, [subscriptionId, confirm]);
  return { confirming: confirm.isPending, problem };
}

/** The plan section and the members of loaded seats. */
function SeatsBody({ data }: { data: Seats }) {
  const { t } = useI18n();
  const active = data.status === 'ACTIVE';
  return (
    <>
      <section className="seats__plan" aria-labelledby="seats-plan-title">
        <h2 id="seats-plan-title" className="seats__subtitle">
          {t('seats.plan')}
        </h2>
        {data.subscriptionId ? (
          <p>
            {t('seats.summary', { assigned: data.assigned, quantity: data.quantity })} · {statusText(t, data.status)}
          </p>
        ) : (
          <p>{t('seats.none')}</p>
        )}
        {data.pendingQuantity > 0 ? <p>{t('seats.pending', { count: data.pendingQuantity })}</p> : null}
        {!data.configured ? (
          <Alert tone="info">{t('seats.notConfigured')}</Alert>
        ) : active && !data.cancelAtPeriodEnd ? (
          <QuantityForm seats={data} mode="change" />
        ) : !active ? (
          <QuantityForm seats={data} mode="buy" />
        ) : null}
        {data.configured && active ? <Cancellation seats={data} /> : null}
      </section>
      <MemberRows seats={data} />
    </>
  );
}

/** /team/seats, 'Plätze': the team plan's seats for the team's owner (issue 27 point 6). */
export function SeatsPage() {
  const { t } = useI18n();
  useDocumentTitle(t('seats.title'));
  const seats = useQuery(seatsQueryOptions());
  const { confirming, problem } = useConfirmOnReturn();
  return (
    <div className="page seats">
      <header>
        <h1 className="page__title">{t('seats.title')}</h1>
        <p className="page__lead">{t('seats.lead', { price: seats.data?.pricePerSeat ?? 25 })}</p>
      </header>
      {confirming ? (
        <p role="status">{t('seats.confirming')}</p>
      ) : problem ? (
        <Alert tone="error">{problem}</Alert>
      ) : null}
      {seats.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : seats.isError ? (
        <Alert tone="error">{errorMessage(seats.error, t)}</Alert>
      ) : (
        <SeatsBody data={seats.data} />
      )}
    </div>
  );
}
