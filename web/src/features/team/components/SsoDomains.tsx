import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { TextField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api';
import { errorMessage, useI18n, type TFunction } from '../../../lib/i18n';
import { teamSsoKey, verifyTeamSsoDomain, type SsoDomain } from '../api/sso';
import { copyWithNotice } from '../lib/clipboard';

/** A failed check's text: the field error (a domain no longer listed, a free-mail one), else the server's message. */
function verifyErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.fields.domain) return error.fields.domain;
  return errorMessage(error, t);
}

/**
 * One listed domain: its state and, until it is confirmed, the TXT record to
 * publish (Name and Wert, each to copy) and 'Prüfen'. The check keeps the
 * focus on its button while it runs (aria-disabled, aria-busy); confirmed,
 * the record and the button go and the focus moves to the domain's name. The
 * status line stays in the page, so each change of it is announced.
 */
function DomainItem({ domain, index }: { domain: SsoDomain; index: number }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const nameId = useId();
  const recordId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState('');
  const verify = useMutation({
    mutationFn: () => verifyTeamSsoDomain(domain.domain),
    onMutate: () => setStatus(t('team.sso.verify.checking', { domain: domain.domain })),
    onSuccess: (next) => {
      queryClient.setQueryData(teamSsoKey, next);
      const confirmed = next.domains.some((d) => d.domain === domain.domain && d.claimed);
      setStatus(confirmed ? t('team.sso.verify.done', { domain: domain.domain }) : '');
      // The button goes with the record: the focus stays on this domain.
      if (confirmed) heading.current?.focus();
    },
    onError: () => setStatus(''),
  });
  const fieldId = `team-sso-dns-${index}`;
  return (
    <li className="team-sso__item">
      <div className="team-sso__item-head">
        <h3 ref={heading} id={nameId} className="team-sso__domain" tabIndex={-1}>
          {domain.domain}
        </h3>{' '}
        <span className={domain.claimed ? 'team-sso__state team-sso__state--ok' : 'team-sso__state'}>
          {t(domain.claimed ? 'team.sso.domain.claimed' : 'team.sso.domain.unclaimed')}
        </span>
      </div>
      {!domain.claimed ? (
        <div className="team-sso__record" role="group" aria-labelledby={recordId}>
          <p id={recordId} className="team-sso__record-title">
            {t('team.sso.record.title', { domain: domain.domain })}
          </p>
          <p className="team-sso__record-type">{t('team.sso.record.type')}</p>
          <div className="team-sso__record-row">
            <TextField
              id={`${fieldId}-name`}
              label={t('team.sso.record.name')}
              value={domain.dnsName}
              readOnly
              spellCheck={false}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={t('team.sso.record.copyName')}
              onClick={() => copyWithNotice(domain.dnsName, t('team.sso.record.nameCopied'))}
            >
              {t('team.sso.copy')}
            </button>
          </div>
          <div className="team-sso__record-row">
            <TextField
              id={`${fieldId}-value`}
              label={t('team.sso.record.value')}
              value={domain.dnsValue}
              readOnly
              spellCheck={false}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={t('team.sso.record.copyValue')}
              onClick={() => copyWithNotice(domain.dnsValue, t('team.sso.record.valueCopied'))}
            >
              {t('team.sso.copy')}
            </button>
          </div>
          <div className="team__actions">
            <button
              type="button"
              className="button button--primary button--small"
              aria-describedby={nameId}
              aria-disabled={verify.isPending || undefined}
              aria-busy={verify.isPending || undefined}
              onClick={() => {
                if (verify.isPending) return;
                verify.mutate();
              }}
            >
              {verify.isPending ? <span className="spinner spinner--small" aria-hidden="true" /> : null}
              {t('team.sso.verify')}
            </button>
          </div>
        </div>
      ) : null}
      <p className="team-sso__check" role="status">
        {status}
      </p>
      {verify.isError ? <Alert tone="error">{verifyErrorText(t, verify.error)}</Alert> : null}
    </li>
  );
}

/**
 * The listed domains (as saved) with their states, and for each one not
 * confirmed yet the DNS proof (issue 38): the TXT record and 'Prüfen'.
 */
export function SsoDomains({ domains }: { domains: SsoDomain[] }) {
  const { t } = useI18n();
  if (domains.length === 0) return null;
  return (
    <ul className="team-sso__domains" aria-label={t('team.sso.domainStates')}>
      {domains.map((d, i) => (
        <DomainItem key={d.domain} domain={d} index={i} />
      ))}
    </ul>
  );
}
