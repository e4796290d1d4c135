import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { adminQueryKey } from '../../shared';

export type EngineName = 'builtin' | 'openai';

/** GET /api/admin/settings (no secrets). */
export interface AdminSettings {
  engine: { name: EngineName; model: string; baseUrl: string };
  /** Plan ids (PayPal) and monthly chat quotas from the server's configuration. */
  plans: { plan: string; planId: string; quota: number }[];
  paypalConfigured: boolean;
}

/** POST /api/admin/settings/engine-check */
export interface EngineCheck {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

/** GET /api/admin/tone-presets */
export interface AdminTonePreset {
  id: string;
  name: string;
  /** English name, '' when not translated. */
  name_en: string;
  description: string;
  sort_order: number;
  /** Users who chose it. */
  users: number;
}

export interface TonePresetInput {
  name: string;
  name_en: string;
  description: string;
}

export type PromoPlan = 'plus' | 'elite' | 'promo';
export const PROMO_PLANS: readonly PromoPlan[] = ['plus', 'elite', 'promo'];

/** GET /api/admin/promo-codes (newest first). */
export interface PromoCode {
  id: string;
  code: string;
  plan: PromoPlan;
  description: string;
  active: boolean;
  /** null = unlimited */
  max_redemptions: number | null;
  redemptions: number;
  /** RFC 3339; null = no expiry */
  valid_until: string | null;
  created_at: string;
}

/** POST /api/admin/promo-codes */
export interface PromoCodeCreate {
  code: string;
  plan: PromoPlan;
  description?: string;
  max_redemptions?: number | null;
  valid_until?: string | null;
}

/** PATCH /api/admin/promo-codes/{id}; null clears the limit or the expiry. */
export interface PromoCodeUpdate {
  active?: boolean;
  description?: string;
  max_redemptions?: number | null;
  valid_until?: string | null;
}

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
