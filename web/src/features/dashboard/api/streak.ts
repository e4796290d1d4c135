import { api, type StreakResponse } from '../../../lib/api';

/** POST /api/me/streak: the daily-streak update on dashboard load. */
export const updateStreak = () => api.post<StreakResponse>('/api/me/streak');
