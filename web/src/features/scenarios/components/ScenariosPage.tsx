import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Alert } from '../../../components/ui/Alert';
import { SelectField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorMessage, useI18n, type Language, type TFunction } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import {
  importScenario,
  NotJsonError,
  PAGE_SIZE,
  scenariosKey,
  scenariosQueryOptions,
  type Buyer,
  type ScenarioFilters,
  type ScenarioItem,
  type Scope,
  type Situation,
} from '../api/scenarios';
import { BUYERS, buyerKey, SCOPES, scopeKey, SITUATIONS, situationKey } from '../lib/catalogue';
import { downloadScenario } from '../lib/download';
import { FilterSelect } from './FilterSelect';
import { fieldLabel } from '../lib/field-label';
import { StartScenarioDialog, type StartableScenario } from './StartScenarioDialog';
import './scenarios.css';

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const oneOf = <T extends string>(values: readonly T[], v: string | null): '' | T =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : '';

const LANGUAGE_CHOICES = ['de', 'en', 'all'] as const;

/** The filters as the URL holds them (unknown values count as none; no language is the UI's, lang). */
function filtersOf(params: URLSearchParams, lang: Language): ScenarioFilters {
  const page = Number(params.get('page'));
  return {
    scope: oneOf<Scope>(SCOPES, params.get('scope')),
    language: oneOf(LANGUAGE_CHOICES, params.get('language')) || lang,
    q: (params.get('q') ?? '').trim().slice(0, 100),
    situation: oneOf<Situation>(SITUATIONS, params.get('situation')),
    industry: (params.get('industry') ?? '').trim().slice(0, 80),
    buyer: oneOf<Buyer>(BUYERS, params.get('buyer')),
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1,
  };
}

/** The import's errors in words: the server's message per field, the field named as the editor names it. */
function importErrors(t: TFunction, err: unknown): string[] {
  if (err instanceof NotJsonError) return [t('scenarios.importNotJson')];
  const lines = [err instanceof ApiError && err.message ? err.message : errorMessage(err, t)];
  if (err instanceof ApiError) {
    for (const [path, message] of Object.entries(err.fields)) {
      lines.push(t('scenarios.importField', { field: fieldLabel(t, path), message }));
    }
  }
  return lines;
}

function Stats({ item }: { item: ScenarioItem }) {
  const { t } = useI18n();
  const { attempts, wins, bestScore } = item.stats;
  return (
    <dl className="scenario-card__stats" aria-label={t('scenarios.stats')}>
      <div>
        <dt>{t('scenarios.stats.attempts')}</dt>
        <dd>{attempts}</dd>
      </div>
      <div>
        <dt>{t('scenarios.stats.wins')}</dt>
        <dd>{wins}</dd>
      </div>
      <div>
        <dt>{t('scenarios.stats.best')}</dt>
        <dd>{attempts > 0 && bestScore > 0 ? t('scenarios.stats.percent', { percent: bestScore }) : t('scenarios.stats.none')}</dd>
      </div>
    </dl>
  );
}

function ScenarioCard({ item, onStart, onExportFailed }: { item: ScenarioItem; onStart: () => void; onExportFailed: () => void }) {
  const { t } = useI18n();
  const headingId = useId();
  const { persona } = item;
  return (
    <li className="scenario-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="scenario-card__title">
        {item.title}
      </h2>
      <p className="scenario-card__tags">
        <span className="scenario-card__tag">{t(situationKey(item.situation))}</span>
        <span className="scenario-card__tag">{t(buyerKey(persona.buyer))}</span>
        <span className="scenario-card__tag">{item.builtIn ? t('scenarios.builtIn') : t(scopeKey(item.scope))}</span>
        <span className="scenario-card__tag" lang={item.language}>
          {item.language.toUpperCase()}
        </span>
      </p>
      <p className="scenario-card__persona">
        <span className="visually-hidden">{t('scenarios.card.persona')}: </span>
        {[persona.name, persona.role, persona.company].filter(Boolean).join(' · ')}
        {persona.industry ? <span className="scenario-card__industry"> · {persona.industry}</span> : null}
      </p>
      <p className="scenario-card__muted">{t('scenarios.card.objections', { count: item.objectionCount })}</p>
      <Stats item={item} />
      <div className="scenario-card__actions">
        <button
          type="button"
          className="button button--primary button--small"
          aria-describedby={headingId}
          onClick={onStart}
        >
          {t('scenarios.start')}
        </button>
        {item.editable ? (
          <Link
            to={`/scenarios/${encodeURIComponent(item.id)}/edit`}
            className="button button--secondary button--small"
            aria-describedby={headingId}
          >
            {t('scenarios.edit')}
          </Link>
        ) : null}
        <button
          type="button"
          className="button button--secondary button--small"
          aria-describedby={headingId}
          onClick={() => void downloadScenario(item.id).catch(onExportFailed)}
        >
          {t('scenarios.export')}
        </button>
      </div>
    </li>
  );
}

/** The import's file input and its result. */
function ImportButton() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const onFile = async (file: File) => {
    setBusy(true);
    setErrors([]);
    try {
      const created = await importScenario(await file.text());
      void queryClient.invalidateQueries({ queryKey: scenariosKey });
      navigate(`/scenarios/${encodeURIComponent(created.id)}/edit`, { state: { imported: created.title } });
    } catch (err) {
      setErrors(importErrors(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="scenarios__import">
      <label htmlFor={inputId} className="button button--secondary scenarios__import-label">
        {t('scenarios.import')}
      </label>
      <input
        id={inputId}
        type="file"
        accept="application/json,.json"
        className="scenarios__file"
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void onFile(file);
        }}
      />
      <div aria-live="polite">
        {busy ? <p role="status">{t('scenarios.importing')}</p> : null}
      </div>
      {errors.length > 0 ? (
        <Alert tone="error" title={t('scenarios.importFailed')}>
          <ul className="scenarios__import-errors">
            {errors.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </div>
  );
}

/** /scenarios, 'Szenarien' (issue 28): the library with filters, search and paging. */
export function ScenariosPage() {
  const { t, lang } = useI18n();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params, lang);
  const list = useQuery(scenariosQueryOptions(filters));
  const [starting, setStarting] = useState<StartableScenario | null>(null);
  const [exportFailed, setExportFailed] = useState(false);
  const [query, setQuery] = useState(filters.q);
  const [industry, setIndustry] = useState(filters.industry);
  const ids = { q: useId(), industry: useId(), language: useId() };
  useDocumentTitle(t('scenarios.title'));

  /** Changes filters; any change starts again on page 1. Typing replaces the history entry, a choice adds one. */
  const update = (changes: Partial<Record<keyof ScenarioFilters, string>>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace });
  };

  // The text fields follow the URL (back, forward) and write it once typing pauses.
  const [inUrl, setInUrl] = useState({ q: filters.q, industry: filters.industry });
  if (inUrl.q !== filters.q || inUrl.industry !== filters.industry) {
    setInUrl({ q: filters.q, industry: filters.industry });
    setQuery(filters.q);
    setIndustry(filters.industry);
  }
  useEffect(() => {
    const q = query.trim();
    const ind = industry.trim();
    if (q === filters.q && ind === filters.industry) return;
    const timer = setTimeout(() => update({ q, industry: ind }, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing schedules it
  }, [query, industry]);

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = Boolean(filters.scope || filters.q || filters.situation || filters.industry || filters.buyer || params.has('language'));

  return (
    <div className="page scenarios">
      <header className="scenarios__header">
        <div>
          <h1 className="page__title">{t('scenarios.title')}</h1>
          <p className="page__lead">{t('scenarios.lead')}</p>
        </div>
        <div className="scenarios__tools">
          <Link to="/scenarios/new" className="button button--primary">
            {t('scenarios.new')}
          </Link>
          <ImportButton />
        </div>
      </header>

      <form className="scenarios__filters" role="search" aria-label={t('scenarios.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="field scenarios__search">
          <label className="field__label" htmlFor={ids.q}>
            {t('scenarios.search')}
          </label>
          <input
            id={ids.q}
            type="search"
            className="field__input"
            maxLength={100}
            value={query}
            placeholder={t('scenarios.searchHint')}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <FilterSelect
          label={t('scenarios.filter.situation')}
          value={filters.situation}
          values={SITUATIONS}
          nameOf={situationKey}
          onChange={(value) => update({ situation: value })}
        />
        <div className="field">
          <label className="field__label" htmlFor={ids.industry}>
            {t('scenarios.filter.industry')}
          </label>
          <input
            id={ids.industry}
            type="text"
            className="field__input"
            maxLength={80}
            value={industry}
            onChange={(event) => setIndustry(event.target.value)}
          />
        </div>
        <FilterSelect
          label={t('scenarios.filter.buyer')}
          value={filters.buyer}
          values={BUYERS}
          nameOf={buyerKey}
          onChange={(value) => update({ buyer: value })}
        />
        <SelectField
          id={ids.language}
          label={t('scenarios.field.language')}
          value={filters.language}
          // the UI's language is the default and stays out of the URL
          onChange={(event) => update({ language: event.target.value === lang ? '' : event.target.value })}
        >
          <option value="all">{t('scenarios.all')}</option>
          <option value="de">{t('scenarios.language.de')}</option>
          <option value="en">{t('scenarios.language.en')}</option>
        </SelectField>
        <FilterSelect
          label={t('scenarios.filter.scope')}
          value={filters.scope}
          values={SCOPES}
          nameOf={scopeKey}
          onChange={(value) => update({ scope: value })}
        />
        {filtered ? (
          <button type="button" className="link-button scenarios__reset" onClick={() => setParams(new URLSearchParams())}>
            {t('scenarios.filter.reset')}
          </button>
        ) : null}
      </form>

      {exportFailed ? (
        <Alert tone="error">
          <p>{t('scenarios.exportFailed')}</p>
        </Alert>
      ) : null}

      {list.isPending ? (
        <p className="scenarios__loading" role="status">
          <span className="spinner spinner--small" aria-hidden="true" />
          {t('common.loading')}
        </p>
      ) : list.isError ? (
        <Alert tone="error">
          <p>{t('scenarios.loadFailed')}</p>
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </button>
        </Alert>
      ) : list.data.items.length === 0 ? (
        <div className="panel scenarios__empty">
          <p className="scenarios__empty-title">{t('scenarios.empty')}</p>
          <p>{t('scenarios.emptyText')}</p>
        </div>
      ) : (
        <>
          <p className="scenarios__count" role="status">
            {t('scenarios.count', { count: total })}
          </p>
          <ul className="scenarios__list" aria-label={t('scenarios.list')}>
            {list.data.items.map((item) => (
              <ScenarioCard
                key={item.id}
                item={item}
                onStart={() => setStarting(item)}
                onExportFailed={() => setExportFailed(true)}
              />
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="scenarios__paging" aria-label={t('scenarios.paging')}>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={filters.page <= 1}
                onClick={() => update({ page: filters.page > 2 ? String(filters.page - 1) : '' })}
              >
                {t('scenarios.previous')}
              </button>
              <span>{t('scenarios.page', { page: filters.page, pages })}</span>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={filters.page >= pages}
                onClick={() => update({ page: String(filters.page + 1) })}
              >
                {t('scenarios.next')}
              </button>
            </nav>
          ) : null}
        </>
      )}
      <StartScenarioDialog scenario={starting} onClose={() => setStarting(null)} />
    </div>
  );
}
