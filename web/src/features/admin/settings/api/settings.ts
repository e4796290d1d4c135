import { queryOptions } from '@tanstack/react-query';
import { api, type ApiSchemas, type RequestBody, type ResponseBody } from '../../../../lib/api';
import { adminQueryKey } from '../../shared';

/** GET /api/admin/settings (no secrets). */
export type AdminSettings = ResponseBody<'/api/admin/settings', 'get'>;
export type EngineName = AdminSettings['engine']['name'];

/** POST /api/admin/settings/engine-check */
export type EngineCheck = ResponseBody<'/api/admin/settings/engine-check', 'post'>;

/** GET /api/admin/tone-presets */
export type AdminTonePreset = ApiSchemas['TonePreset'];

export interface TonePresetInput {
  name: string;
  name_en: string;
  description: string;
}

export type PromoPlan = PromoCode['plan'];
export const PROMO_PLANS: readonly PromoPlan[] = ['plus', 'elite', 'promo'];

/** GET /api/admin/promo-codes (newest first). */
export type PromoCode = ApiSchemas['PromoCode'];

/** POST /api/admin/promo-codes */
export type PromoCodeCreate = RequestBody<'/api/admin/promo-codes', 'post'>;

/** PATCH /api/admin/promo-codes/{id}; null clears the limit or the expiry. */
export type PromoCodeUpdate = RequestBody<'/api/admin/promo-codes/{id}', 'patch'>;

export const adminSettingsQueryKey = adminQueryKey('settings');
export const adminTonePresetsQueryKey = adminQueryKey('tone-presets');
export const adminPromoCodesQueryKey = adminQueryKey('promo-codes');
/** The users' own list (profile popup), refreshed after an edit. */
export const publicTonePresetsQueryKey = ['tone-presets'] as const;

export function adminSettingsQueryOptions() {
  return queryOptions({
    queryKey: adminSettingsQueryKey,
    queryFn: ({ signal }) => api.get<AdminSettings>('/api/admin/settings', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** PATCH /api/admin/settings: the settings to change; answers them all. */
export type AdminSettingsUpdate = RequestBody<'/api/admin/settings', 'patch'>;

export function updateAdminSettings(update: AdminSettingsUpdate): Promise<AdminSettings> {
  return api.patch<AdminSettings>('/api/admin/settings', update);
}

export function checkEngine(): Promise<EngineCheck> {
  return api.post<EngineCheck>('/api/admin/settings/engine-check');
}

export function adminTonePresetsQueryOptions() {
  return queryOptions({
    queryKey: adminTonePresetsQueryKey,
    queryFn: ({ signal }) => api.get<AdminTonePreset[]>('/api/admin/tone-presets', { signal }),
    staleTime: 30_000,
  });
}

export function createTonePreset(input: TonePresetInput): Promise<AdminTonePreset> {
  return api.post<AdminTonePreset>('/api/admin/tone-presets', input);
}

export function updateTonePreset(id: string, input: Partial<TonePresetInput>): Promise<AdminTonePreset> {
  return api.patch<AdminTonePreset>(`/api/admin/tone-presets/${encodeURIComponent(id)}`, input);
}

export function deleteTonePreset(id: string): Promise<void> {
  return api.delete<undefined>(`/api/admin/tone-presets/${encodeURIComponent(id)}`);
}

export function adminPromoCodesQueryOptions() {
  return queryOptions({
    queryKey: adminPromoCodesQueryKey,
    queryFn: ({ signal }) => api.get<PromoCode[]>('/api/admin/promo-codes', { signal }),
    staleTime: 30_000,
  });
}

export function createPromoCode(input: PromoCodeCreate): Promise<PromoCode> {
  return api.post<PromoCode>('/api/admin/promo-codes', input);
}

export function updatePromoCode(id: string, input: PromoCodeUpdate): Promise<PromoCode> {
  return api.patch<PromoCode>(`/api/admin/promo-codes/${encodeURIComponent(id)}`, input);
}
