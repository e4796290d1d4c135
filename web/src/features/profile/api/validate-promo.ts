import { api, type PromoValidateResponse } from '../../../lib/api';

/** POST /api/promo/validate: checks a promo code without using it. */
export const validatePromo = (code: string) => api.post<PromoValidateResponse>('/api/promo/validate', { code });
