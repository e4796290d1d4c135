import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type ApiSchemas } from '../../../lib/api';

// The owner's seat page (issue 27 point 6): GET/POST/PATCH /api/team/seats,
// POST /api/team/seats/{confirm,cancel,uncancel},
// PUT/DELETE /api/team/members/{userId}/seat (docs/api/openapi.yaml, Seats).

export type Seats = ApiSchemas['Seats'];
export type SeatMember = Seats['members'][number];

export const seatsQueryKey = ['team', 'seats'] as const;

export const seatsQueryOptions = () =>
  queryOptions({
    queryKey: seatsQueryKey,
    queryFn: ({ signal }) => api.get<Seats>('/api/team/seats', { signal }),
    retry: false,
  });

/** The number of seats asked for: a whole number from 1 to max (the server checks the same). */
export const quantitySchema = (max: number) => z.coerce.number().int().min(1).max(max);

interface ApproveLink {
  approveUrl: string;
}

/** POST /api/team/seats: the checkout; the answer is PayPal's approval page. */
export const buySeats = (quantity: number) => api.post<ApproveLink>('/api/team/seats', { quantity });
/** PATCH /api/team/seats: a change of the number, approved at PayPal too. */
export const reviseSeats = (quantity: number) => api.patch<ApproveLink>('/api/team/seats', { quantity });
/** POST /api/team/seats/confirm: reads the subscription back after PayPal sent the owner back. */
export const confirmSeats = (subscriptionID: string) => api.post<Seats>('/api/team/seats/confirm', { subscriptionID });
export const cancelSeats = () => api.post<Seats>('/api/team/seats/cancel', {});
export const uncancelSeats = () => api.post<Seats>('/api/team/seats/uncancel');
export const assignSeat = (userId: string) => api.put<Seats>(`/api/team/members/${encodeURIComponent(userId)}/seat`);
export const unassignSeat = (userId: string) => api.delete<Seats>(`/api/team/members/${encodeURIComponent(userId)}/seat`);

/** PayPal's approval link, when it is one the browser may go to (http or https). */
export function approvalTarget(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}
