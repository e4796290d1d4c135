import { sessions } from '../auth/instance';
import { currentLanguage } from '../i18n/current';
import { translateServer } from '../i18n/server';
import type { ApiErrorBody } from './types';

/**
 * A failed API call. `message` is the server's message in the UI's language
 * (translated from its `code`; the server's German text when the code is
 * unknown) or "" when the server sent none (network failure, proxy page); use
 * `errorMessage()` from lib/i18n to fall back to a translated text. `fields`
 * holds each field's message, translated the same way.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's stable message code ("" when it sent none). */
  readonly code: string;
  readonly details: string | undefined;
  readonly fields: Record<string, string>;
  /** Each field's message code. */
  readonly fieldCodes: Record<string, string>;
  /**
   * Seconds from the Retry-After header: a rate limit's 429, or a 503 whose
   * cause passes by itself (the model server is unreachable).
   */
  readonly retryAfter: number | undefined;
  /** The chat a failed first message created (the server keeps it and counts it). */
  readonly conversationId: string | undefined;
  /** The address an invitation is for (POST /api/team/join: 403 team_invitation_other_email). */
  readonly invitedEmail: string | undefined;

  constructor(
    status: number,
    body: Partial<ApiErrorBody> = {},
    retryAfter?: number,
  ) {
    const lang = currentLanguage();
    super(translateServer(lang, body));
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof body.code === 'string' ? body.code : '';
    this.details =
      typeof body.details === 'string'
        ? translateServer(lang, { code: body.detailsCode, error: body.details, params: body.params })
        : undefined;
    this.fields = {};
    this.fieldCodes = {};
    if (body.fields && typeof body.fields === 'object') {
      // The body is untrusted JSON: check each entry's shape.
      for (const [name, field] of Object.entries(body.fields as Record<string, unknown>)) {
        if (typeof field === 'string') {
          this.fields[name] = field;
        } else if (field && typeof field === 'object') {
          const message = field as { code?: unknown; error?: unknown; params?: unknown };
          this.fields[name] = translateServer(lang, message);
          if (typeof message.code === 'string') this.fieldCodes[name] = message.code;
        }
      }
    }
    this.retryAfter = retryAfter;
    this.conversationId = typeof body.conversationId === 'string' && body.conversationId ? body.conversationId : undefined;
    this.invitedEmail = typeof body.invitedEmail === 'string' && body.invitedEmail ? body.invitedEmail : undefined;
  }

  /** True for a network failure (no answer from the server). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON unless it is FormData. */
  body?: unknown;
  /** Send the bearer token and retry once after a refresh on 401 (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Resolves an API path against the page's origin (works in jsdom too). */
export function apiUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/** Turns a non-2xx answer into an ApiError (reads `{error, details, fields}` and Retry-After). */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    const text = await res.text();
    if (text) {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') body = parsed;
    }
  } catch {
    // not JSON (a proxy's error page): keep the empty body
  }
  const retryHeader = res.headers.get('Retry-After');
  const retryAfter = retryHeader !== null && /^\d+$/.test(retryHeader) ? Number(retryHeader) : undefined;
  return new ApiError(res.status, body, retryAfter);
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, {});
  }
}

/**
 * Sends a request and returns the raw answer (for streams). A 401 on a call
 * made with a token triggers one refresh and one retry. Network failures are
 * an ApiError with status 0; an abort stays an AbortError.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const useAuth = options.auth ?? true;
  const token = useAuth ? sessions.getAccessToken() : null;
  let res = await send(path, options, token);
  if (res.status === 401 && token) {
    const refreshed = await sessions.refresh({ failedToken: token });
    if (refreshed) res = await send(path, options, refreshed.access_token);
  }
  return res;
}

/**
 * Calls the API. A 401 on a call made with a token triggers one refresh and
 * one retry. Resolves to the parsed JSON (undefined for 204).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await apiFetch(path, options);
  if (!res.ok) throw await errorFromResponse(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
