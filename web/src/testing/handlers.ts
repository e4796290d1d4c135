import { http, HttpResponse } from 'msw';
import { makeMe } from './fixtures';

/** The API answers every test starts with: a regular, signed-out visitor. */
export const handlers = [
  http.get('/api/auth/providers', () => HttpResponse.json({ google: false, apple: false })),
  http.post('/api/auth/refresh', () => HttpResponse.json({ error: 'Keine gültige Sitzung' }, { status: 401 })),
  http.post('/api/auth/logout', () => new HttpResponse(null, { status: 204 })),
  http.post('/api/track', () => new HttpResponse(null, { status: 204 })),
  http.post('/api/me/streak', () => HttpResponse.json({ streak: 1, first: true })),
  http.get('/api/me', () => HttpResponse.json(makeMe())),
  http.get('/api/auth/is-admin', () => HttpResponse.json({ isAdmin: false })),
];
