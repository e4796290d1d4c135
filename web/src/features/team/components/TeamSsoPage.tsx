import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/Field';
import { notify } from '../../../components/ui/notices-store';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { fieldErrorText, useZodForm, type FieldErrors } from '../../../lib/forms';
import { errorMessage, useI18n, type MessageKey, type TFunction } from '../../../lib/i18n';
import { externalTarget } from '../../../lib/external-target';
import { navigation } from '../../../lib/navigation';
import {
  removeTeamSso,
  saveTeamSso,
  teamSsoKey,
  teamSsoQueryOptions,
  testTeamSso,
  type SsoLastTest,
  type SsoRole,
  type TeamSso,
} from '../api/sso';
import { copyWithNotice } from '../lib/clipboard';
import { ssoSchema } from '../lib/schemas';
import { SsoDomains } from './SsoDomains';
import { SsoProviderGuide } from './SsoProviderGuide';
import './team.css';

const FIELD_PREFIX = 'team-sso-';

/** Refusals the server sends without `fields` that belong to one field. */
const CODE_FIELDS: Record<string, string> = {
  sso_bad_issuer: 'issuer',
  sso_discovery_failed: 'issuer',
  sso_secret_required: 'clientSecret',
  sso_bad_domain: 'domains',
  sso_domain_taken: 'domains',
};

const FORM_FIELDS = new Set(['issuer', 'clientId', 'clientSecret', 'clientSecretExpiresOn', 'domains', 'enforced', 'defaultRole']);

/** A failed save's errors by form field ('domains.1' is the domains field), or null when none is a field's. */
function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const fields: FieldErrors = {};
  for (const [name, text] of Object.entries(error.fields)) {
    const field = name.startsWith('domains') ? 'domains' : name;
    if (FORM_FIELDS.has(field) && !(field in fields)) fields[field] = text;
  }
  const byCode = CODE_FIELDS[error.code];
  if (Object.keys(fields).length === 0 && byCode && error.message) fields[byCode] = error.message;
  return Object.keys(fields).length > 0 ? fields : null;
}

/** The text of a test's error code (lastTest.error carries no parameters: the domain is the e-mail's). */
function testErrorText(t: TFunction, test: SsoLastTest): string {
  const keys: Record<string, MessageKey> = {
    sso_unverified_email: 'team.sso.error.unverified',
    sso_domain_taken: 'team.sso.error.domainTaken',
    sso_foreign_domain: 'team.sso.error.foreignDomain',
  };
  const key = (test.error !== null && Object.prototype.hasOwnProperty.call(keys, test.error) ? keys[test.error] : undefined) ?? 'team.sso.error.failed';
  return t(key, { domain: test.email.slice(test.email.lastIndexOf('@') + 1) });
}

/** The PUT body that keeps everything stored and sets `active` (the secret stays as it is). */
function storedUpdate(sso: TeamSso, active: boolean) {
  return {
    issuer: sso.issuer,
    clientId: sso.clientId,
    domains: sso.domains.map((d) => d.domain),
    enforced: sso.enforced,
    defaultRole: sso.defaultRole,
    clientSecretExpiresOn: sso.clientSecretExpiresOn,
    active,
  };
}

const formValues = (sso: TeamSso) => ({
  issuer: sso.issuer,
  clientId: sso.clientId,
  clientSecret: '',
  secretStored: sso.clientSecretSet,
  clientSecretExpiresOn: sso.clientSecretExpiresOn ?? '',
  domains: sso.domains.map((d) => d.domain).join('\n'),
  enforced: sso.enforced,
  defaultRole: sso.defaultRole,
});

/** Issuer, client, domains, 'Anmeldung nur über die Firma', the new members' role, the redirect URI. */
function SettingsForm({ sso }: { sso: TeamSso }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const headingId = useId();
  const form = useZodForm(ssoSchema, formValues(sso), FIELD_PREFIX);
  const [formError, setFormError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof saveTeamSso>[0]) => saveTeamSso(body),
    onSuccess: (next) => {
      queryClient.setQueryData(teamSsoKey, next);
      form.reset(formValues(next));
      notify({ tone: 'success', text: t('team.sso.saved') }, 4000);
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) {
        form.setErrors(fields);
        const first = Object.keys(fields)[0];
        if (first) document.getElementById(`${FIELD_PREFIX}${first}`)?.focus();
      } else {
        setFormError(errorMessage(error, t));
      }
    },
  });
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.sso.settings')}
      </h2>
      <form
        className="team-form team-sso__form"
        aria-labelledby={headingId}
        noValidate
        onSubmit={form.handleSubmit((data) => {
          setFormError(null);
          save.mutate({ ...data, active: sso.active });
        })}
      >
        <TextField
          id={`${FIELD_PREFIX}issuer`}
          type="url"
          label={t('team.sso.issuer')}
          placeholder="https://login.example.com/realms/acme"
          autoComplete="off"
          spellCheck={false}
          maxLength={300}
          value={form.values.issuer}
          error={fieldErrorText(t, form.errors.issuer)}
          onChange={(e) => form.setValue('issuer', e.currentTarget.value)}
        />
        <TextField
          id={`${FIELD_PREFIX}clientId`}
          label={t('team.sso.clientId')}
          autoComplete="off"
          spellCheck={false}
          maxLength={300}
          value={form.values.clientId}
          error={fieldErrorText(t, form.errors.clientId)}
          onChange={(e) => form.setValue('clientId', e.currentTarget.value)}
        />
        <TextField
          id={`${FIELD_PREFIX}clientSecret`}
          type="password"
          label={t('team.sso.clientSecret')}
          placeholder={sso.clientSecretSet ? t('team.sso.secretSaved') : undefined}
          autoComplete="new-password"
          spellCheck={false}
          maxLength={2000}
          value={form.values.clientSecret}
          error={fieldErrorText(t, form.errors.clientSecret)}
          onChange={(e) => form.setValue('clientSecret', e.currentTarget.value)}
        />
        <TextField
          id={`${FIELD_PREFIX}clientSecretExpiresOn`}
          type="date"
          label={t('team.sso.secretExpiry')}
          hint={t('team.sso.secretExpiryHint')}
          value={form.values.clientSecretExpiresOn}
          error={fieldErrorText(t, form.errors.clientSecretExpiresOn)}
          onChange={(e) => form.setValue('clientSecretExpiresOn', e.currentTarget.value)}
        />
        <TextAreaField
          id={`${FIELD_PREFIX}domains`}
          label={t('team.sso.domains')}
          hint={
            <>
              {t('team.sso.domainsHint')}
              <br />
              {t('team.sso.rule')}
            </>
          }
          rows={3}
          spellCheck={false}
          autoCapitalize="off"
          maxLength={3000}
          value={form.values.domains}
          error={fieldErrorText(t, form.errors.domains)}
          onChange={(e) => form.setValue('domains', e.currentTarget.value)}
        />
        <SsoDomains domains={sso.domains} />
        <CheckboxField
          id={`${FIELD_PREFIX}enforced`}
          label={t('team.sso.enforced')}
          checked={form.values.enforced}
          aria-describedby={`${FIELD_PREFIX}enforced-hint`}
          onChange={(e) => form.setValue('enforced', e.currentTarget.checked)}
        />
        <p id={`${FIELD_PREFIX}enforced-hint`} className="field__hint team-sso__hint">
          {t('team.sso.enforcedHint')}
        </p>
        <SelectField
          id={`${FIELD_PREFIX}defaultRole`}
          label={t('team.sso.role')}
          value={form.values.defaultRole}
          error={fieldErrorText(t, form.errors.defaultRole)}
          onChange={(e) => form.setValue('defaultRole', e.currentTarget.value as SsoRole)}
        >
          <option value="member">{t('team.role.member')}</option>
          <option value="manager">{t('team.role.manager')}</option>
        </SelectField>
        <TextField
          id={`${FIELD_PREFIX}redirect`}
          label={t('team.sso.redirect')}
          hint={t('team.sso.redirectHint')}
          value={sso.redirectUri}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="team__actions">
          <button type="button" className="button button--secondary button--small" onClick={() => copyWithNotice(sso.redirectUri, t('team.sso.copied'))}>
            {t('team.sso.copy')}
          </button>
        </div>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <div>
          <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {t('team.sso.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * 'Letzter Test': subject, e-mail, whether the provider called it verified,
 * and the error. Back from the provider (?test=done) the block takes the
 * focus and its outcome is announced.
 */
function LastTest({ test, returned }: { test: SsoLastTest | null; returned: boolean }) {
  const { t } = useI18n();
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const outcome = test ? t(test.ok ? 'team.sso.lastTest.ok' : 'team.sso.lastTest.failed') : t('team.sso.lastTest.none');
  useEffect(() => {
    if (!returned) return;
    section.current?.focus();
    // Written once the live region is in the page (a region rendered with
    // its text is not announced); React renders it empty and leaves it alone.
    if (status.current) status.current.textContent = outcome;
  }, [returned, outcome]);
  return (
    <section ref={section} tabIndex={-1} className="panel team__section team-sso__test" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.sso.lastTest')}
      </h2>
      <p ref={status} className="visually-hidden" role="status" aria-live="polite" />
      {test ? (
        <>
          <p className={test.ok ? 'team-sso__outcome team-sso__outcome--ok' : 'team-sso__outcome team-sso__outcome--failed'}>
            {outcome}
          </p>
          {!test.current ? <Alert tone="warning">{t('team.sso.lastTest.stale')}</Alert> : null}
          <dl className="team-sso__facts">
            <div>
              <dt>{t('team.sso.lastTest.at')}</dt>
              <dd>
                <RelativeTime value={test.at} />
              </dd>
            </div>
            <div>
              <dt>{t('team.sso.lastTest.subject')}</dt>
              <dd className="team-sso__value">{test.subject || '–'}</dd>
            </div>
            <div>
              <dt>{t('team.sso.lastTest.email')}</dt>
              <dd className="team-sso__value">{test.email || '–'}</dd>
            </div>
            <div>
              <dt>{t('team.sso.lastTest.verified')}</dt>
              <dd>{t(test.emailVerified ? 'team.sso.yes' : 'team.sso.no')}</dd>
            </div>
            {test.error ? (
              <div>
                <dt>{t('team.sso.lastTest.error')}</dt>
                <dd>{testErrorText(t, test)}</dd>
              </div>
            ) : null}
          </dl>
        </>
      ) : (
        <p className="progress__muted">{outcome}</p>
      )}
    </section>
  );
}

/** 'Testen', 'Firmen-Anmeldung einschalten' / 'Ausschalten', 'Entfernen'. */
function Actions({ sso }: { sso: TeamSso }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const test = useMutation({
    mutationFn: testTeamSso,
    onSuccess: ({ url }) => {
      const target = externalTarget(url);
      if (!target) {
        setProblem(t('team.sso.error.failed'));
        return;
      }
      setLeaving(true);
      navigation.leaveApp(target);
    },
    onError: (error) => setProblem(errorMessage(error, t)),
  });
  const toggle = useMutation({
    mutationFn: (active: boolean) => saveTeamSso(storedUpdate(sso, active)),
    onSuccess: (next) => queryClient.setQueryData(teamSsoKey, next),
    onError: (error) => setProblem(errorMessage(error, t)),
  });
  const remove = useMutation({
    mutationFn: removeTeamSso,
    onSuccess: async () => {
      setConfirming(false);
      notify({ tone: 'success', text: t('team.sso.removed') }, 4000);
      await queryClient.invalidateQueries({ queryKey: teamSsoKey });
    },
  });
  const busy = test.isPending || leaving || toggle.isPending;
  const run = (action: () => void) => {
    setProblem(null);
    action();
  };
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.sso.state')}
      </h2>
      {sso.adminDisabled ? <Alert tone="warning">{t('team.sso.adminDisabled')}</Alert> : null}
      <p className="team__summary">{t(sso.active ? 'team.sso.state.on' : 'team.sso.state.off')}</p>
      <p className="progress__muted">{t('team.sso.testHint')}</p>
      {!sso.active ? <p className="progress__muted">{t('team.sso.activateHint')}</p> : null}
      <div className="team__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-busy={test.isPending || leaving || undefined}
          onClick={() => run(() => test.mutate())}
        >
          {t('team.sso.test')}
        </button>
        <button
          type="button"
          className={sso.active ? 'button button--secondary' : 'button button--primary'}
          disabled={busy}
          aria-busy={toggle.isPending || undefined}
          onClick={() => run(() => toggle.mutate(!sso.active))}
        >
          {t(sso.active ? 'team.sso.deactivate' : 'team.sso.activate')}
        </button>
        <button type="button" className="button button--danger" disabled={busy} onClick={() => setConfirming(true)}>
          {t('team.sso.remove')}
        </button>
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        title={t('team.sso.removeTitle')}
        text={t('team.sso.removeConfirm')}
        confirmLabel={t('team.sso.remove')}
        tone="danger"
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t) : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/**
 * /team/sso, 'Firmen-Anmeldung' (issue 29, owner only): the team's OpenID
 * Connect provider, its domains (each confirmed by a DNS TXT record, issue
 * 38), the test sign-in and switching it on. A manager or member gets the
 * server's 403 text.
 */
export function TeamSsoPage() {
  const { t } = useI18n();
  const sso = useQuery(teamSsoQueryOptions());
  const search = useSearch();
  const [, navigate] = useLocation();
  // ?test=done: back from the provider's test sign-in (kept for this visit, dropped from the address).
  const [returned] = useState(() => new URLSearchParams(search).get('test') === 'done');
  useEffect(() => {
    if (returned) navigate('/team/sso', { replace: true });
  }, [returned, navigate]);
  useDocumentTitle(t('team.sso.title'));
  return (
    <div className="page progress team">
      <header className="progress__header">
        <p>
          <Link to="/team">{t('team.member.back')}</Link>
        </p>
        <h1 className="page__title">{t('team.sso.title')}</h1>
        <p className="page__lead">{t('team.sso.lead')}</p>
      </header>
      {sso.isPending ? (
        <p className="progress__loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" />
          {t('common.loading')}
        </p>
      ) : sso.isError ? (
        <Alert tone="error">{errorMessage(sso.error, t)}</Alert>
      ) : (
        <>
          {sso.data.configured ? (
            <>
              <Actions sso={sso.data} />
              <LastTest test={sso.data.lastTest} returned={returned} />
            </>
          ) : (
            <p>{t('team.sso.state.none')}</p>
          )}
          <SsoProviderGuide />
          <SettingsForm key={sso.data.configured ? 'configured' : 'new'} sso={sso.data} />
        </>
      )}
    </div>
  );
}
