import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { fetchProductSummary } from '../api/product-summary';
import { normaliseUrl } from '../schemas';

type Outcome = { kind: 'done' } | { kind: 'error'; title: string; details?: string } | null;

/**
 * (A text input with the URL keyboard: an `<input type="url">` strips blanks,
 * so 'Bitte eine URL angeben.' could never show; the form checks the URL.)
 *
 * The optional website with 'Analysieren': the server reads the page and
 * summarises the product, which fills the product description. The button is
 * disabled while the URL is empty or a request runs.
 */
export function WebsiteAnalysis({
  value,
  error,
  onChange,
  onSummary,
}: {
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onSummary: (summary: string) => void;
}) {
  const t = useT();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const analyse = useMutation({ mutationFn: fetchProductSummary });

  const run = () => {
    const url = value.trim();
    if (!url) {
      setOutcome({ kind: 'error', title: t('profile.analyse.urlRequired') });
      return;
    }
    setOutcome(null);
    analyse.mutate(normaliseUrl(url), {
      onSuccess: (res) => {
        const summary = typeof res.summary === 'string' ? res.summary.trim() : '';
        if (!summary) {
          setOutcome({ kind: 'error', title: t('profile.analyse.empty') });
          return;
        }
        onSummary(summary);
        setOutcome({ kind: 'done' });
      },
      onError: (err) => {
        const details = err instanceof ApiError && err.message ? err.message : undefined;
        setOutcome({ kind: 'error', title: t('profile.analyse.failed'), ...(details ? { details } : {}) });
      },
    });
  };

  const errorId = 'profile-website-error';
  const hintId = 'profile-website-hint';

  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor="profile-website">
        {t('profile.website')}
      </label>
      <div className="profile-website">
        <input
          id="profile-website"
          type="text"
          inputMode="url"
          className="field__input"
          placeholder="https://"
          autoComplete="url"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
          onChange={(e) => onChange(e.currentTarget.value)}
          onKeyDown={(e) => {
            // Enter analyses instead of saving the whole form.
            if (e.key === 'Enter') {
              e.preventDefault();
              if (value !== '' && !analyse.isPending) run();
            }
          }}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={value === '' || analyse.isPending}
          onClick={run}
        >
          {analyse.isPending ? t('profile.analysing') : t('profile.analyse')}
        </button>
      </div>
      <p id={hintId} className="field__hint">
        {t('profile.website.hint')}
      </p>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      {outcome?.kind === 'done' ? <Alert tone="success">{t('profile.analyse.done')}</Alert> : null}
      {outcome?.kind === 'error' ? (
        <Alert tone="error" title={outcome.title}>
          {outcome.details}
        </Alert>
      ) : null}
    </div>
  );
}
