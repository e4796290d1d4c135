import { useId } from 'react';
import { useI18n, type MessageKey } from '../../../lib/i18n';

const PROVIDERS = ['entra', 'google', 'okta', 'keycloak'] as const;

/** Per provider: how to set it up, the three details the form asks for (by the form's own labels), what to mind. */
const ROWS = [
  ['setup', 'team.sso.guide.setup'],
  ['issuer', 'team.sso.issuer'],
  ['clientId', 'team.sso.clientId'],
  ['secret', 'team.sso.clientSecret'],
  ['note', 'team.sso.guide.note'],
] as const;

/**
 * 'Welche Anbieter funktionieren?' on /team/sso (issue 40): for an owner who
 * is no administrator, the providers that work and, per provider, where its
 * issuer URL, client ID and client secret are found (docs/operations.md has
 * the long form). Each provider is a disclosure, so the page stays short.
 */
export function SsoProviderGuide() {
  const { t } = useI18n();
  const headingId = useId();
  return (
    <section className="panel team__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="progress__heading">
        {t('team.sso.guide.title')}
      </h2>
      <p>{t('team.sso.guide.lead')}</p>
      {PROVIDERS.map((p) => (
        <details key={p} className="team-sso__guide">
          <summary>{t(`team.sso.guide.${p}.name` as MessageKey)}</summary>
          <dl className="team-sso__guide-rows">
            {ROWS.map(([row, label]) => (
              <div key={row}>
                <dt>{t(label)}</dt>
                <dd>{t(`team.sso.guide.${p}.${row}` as MessageKey)}</dd>
              </div>
            ))}
          </dl>
        </details>
      ))}
    </section>
  );
}
