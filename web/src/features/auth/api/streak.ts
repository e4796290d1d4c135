import { api } from '../../../lib/api';
import type { StreakResponse } from '../../../lib/api';

/** POST /api/me/streak: the daily-streak update after sign-in. */
export const updateStreak = () => api.post<StreakResponse>('/api/me/streak');
