import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, ApiError, apiFetch, errorFromResponse, type ApiSchemas, type TonePreset } from '../../../lib/api';
import type { Language } from '../../../lib/i18n';

// /api/scenarios (issue 28; docs/api/openapi.yaml).

export type Situation = ApiSchemas['ScenarioSituation'];
export type Persona = ApiSchemas['ScenarioPersona'];
export type Scope = ApiSchemas['ScenarioItem']['scope'];
export type Buyer = Persona['buyer'];
export type Formality = Persona['formality'];
/** A catalogue family ({family}) or a custom objection ({wordings, concern, criteria}). */
export type ScenarioObjection = ApiSchemas['ScenarioObjection'];
/** What POST /api/scenarios and PATCH /api/scenarios/{id} take. */
export type ScenarioInput = ApiSchemas['ScenarioInput'];
/** GET /api/scenarios/{id}, with the caller's stats and whether they may change it. */
export type Scenario = ApiSchemas['Scenario'];
/** The caller's results on a scenario; bestScore is 0 before any evaluation. */
export type ScenarioStats = ApiSchemas['ScenarioStats'];
/** One entry of GET /api/scenarios. */
export type ScenarioItem = ApiSchemas['ScenarioItem'];

/** How many scenarios one page of the list holds (the server's page size). */
export const PAGE_SIZE = 20;

export interface ScenarioList {
  items: ScenarioItem[];
  total: number;
}

/** The library's filters (each '' for any), as they stand in the page's URL. */
export interface ScenarioFilters {
  scope: '' | Scope;
  /** The scenarios' language: the UI's unless the user chose the other one or 'all'. */
  language: Language | 'all';
  q: string;
  situation: '' | Situation;
  industry: string;
  buyer: '' | Buyer;
  page: number;
}

/** The list's query string: only what is set, in a fixed order. */
export function filtersQuery(f: ScenarioFilters): string {
  const params = new URLSearchParams();
  if (f.scope) params.set('scope', f.scope);
  if (f.language !== 'all') params.set('language', f.language);
  if (f.q) params.set('q', f.q);
  if (f.situation) params.set('situation', f.situation);
  if (f.industry) params.set('industry', f.industry);
  if (f.buyer) params.set('buyer', f.buyer);
  if (f.page > 1) params.set('page', String(f.page));
  return params.toString();
}

export const scenariosKey = ['scenarios'] as const;

/** GET /api/scenarios with the filters; the previous page stays while the next loads. */
export function scenariosQueryOptions(filters: ScenarioFilters) {
  const query = filtersQuery(filters);
  return queryOptions({
    queryKey: [...scenariosKey, 'list', query] as const,
    queryFn: ({ signal }) => api.get<ScenarioList>(`/api/scenarios${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/scenarios/{id}. */
export function scenarioQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...scenariosKey, 'one', id] as const,
    queryFn: ({ signal }) => api.get<Scenario>(`/api/scenarios/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The caller's role in their team. */
export type TeamRole = ApiSchemas['Team']['role'];

/**
 * GET /api/team, for the editor's scope choice: the caller's role in their
 * team, null without a team (404). The server decides again on saving.
 */
export function teamRoleQueryOptions() {
  return queryOptions({
    queryKey: ['team', 'role'] as const,
    queryFn: async ({ signal }): Promise<TeamRole | null> => {
      try {
        return (await api.get<ApiSchemas['Team']>('/api/team', { signal })).role;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

/** GET /api/tone-presets: the personalities a persona may have (besides neutral). */
export function tonePresetsQueryOptions() {
  return queryOptions({
    queryKey: ['tone-presets'] as const,
    queryFn: ({ signal }) => api.get<TonePreset[]>('/api/tone-presets', { signal }),
    staleTime: 10 * 60_000,
  });
}

export const createScenario = (body: ScenarioInput) => api.post<Scenario>('/api/scenarios', body);
/** PATCH /api/scenarios/{id}: every field but the scope (an edit keeps it). */
export const updateScenario = (id: string, { scope: _scope, ...body }: ScenarioInput) =>
  api.patch<Scenario>(`/api/scenarios/${encodeURIComponent(id)}`, body);
export const deleteScenario = (id: string) => api.delete<undefined>(`/api/scenarios/${encodeURIComponent(id)}`);
/** POST /api/scenarios/preview: the customer's first message of the scenario as it stands. */
export const previewScenario = (body: ScenarioInput) => api.post<{ message: string }>('/api/scenarios/preview', body);

/** A file that is not JSON at all (the server names the field of a malformed one). */
export class NotJsonError extends Error {
  constructor() {
    super('not JSON');
    this.name = 'NotJsonError';
  }
}

/** POST /api/scenarios/import with an exported file's content. */
export function importScenario(text: string): Promise<Scenario> {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    return Promise.reject(new NotJsonError());
  }
  return api.post<Scenario>('/api/scenarios/import', file);
}

/** GET /api/scenarios/{id}/export: the file, and the name the server gives it. */
export async function exportScenario(id: string): Promise<{ blob: Blob; name: string }> {
  const res = await apiFetch(`/api/scenarios/${encodeURIComponent(id)}/export`);
  if (!res.ok) throw await errorFromResponse(res);
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'scenario.json';
  return { blob: await res.blob(), name };
}
