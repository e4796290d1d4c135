import {
  apiFetch,
  ApiError,
  errorFromResponse,
  readEventStream,
  type ApiErrorBody,
  type ChatAnswer,
  type ChatRequest,
} from '../../../lib/api';

export interface SendMessageOptions {
  /** Called with each piece of the customer's reply as it streams. */
  onToken?: (text: string) => void;
  signal?: AbortSignal;
}

/** An `error` event inside a stream that had begun (the status was 200). */
export class StreamError extends ApiError {
  constructor(body: Partial<ApiErrorBody>) {
    const retryAfter = body.retryAfter;
    super(200, body, typeof retryAfter === 'number' && Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
    this.name = 'StreamError';
  }
}

function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * POST /api/chat with Accept: text/event-stream. The reply arrives as
 * `token` events ({text}) and ends with `done` (the ChatAnswer) or `error`
 * ({error, details, retryAfter?}). A non-2xx answer is a normal JSON error (ApiError); a
 * server that answers JSON instead of a stream is read as well. A stream
 * that ends without `done` is a network failure (status 0).
 */
export async function sendChatMessage(
  request: ChatRequest,
  { onToken, signal }: SendMessageOptions = {},
): Promise<ChatAnswer> {
  const res = await apiFetch('/api/chat', {
    method: 'POST',
    body: request,
    headers: { Accept: 'text/event-stream' },
    signal,
  });
  if (!res.ok) throw await errorFromResponse(res);
  const type = res.headers.get('Content-Type') ?? '';
  if (!type.includes('text/event-stream') || !res.body) {
    const answer = parseJSON(await res.text());
    if (answer && typeof answer === 'object') return answer as ChatAnswer;
    throw new ApiError(0, {});
  }

  // Set from the event callback (an object, so narrowing does not forget it).
  const result: { answer: ChatAnswer | null; failure: StreamError | null } = { answer: null, failure: null };
  try {
    await readEventStream(res.body, {
      onEvent: ({ event, data }) => {
        if (result.answer || result.failure) return;
        const payload = parseJSON(data);
        if (event === 'token') {
          const text = (payload as { text?: unknown } | undefined)?.text;
          if (typeof text === 'string' && text) onToken?.(text);
        } else if (event === 'done' && payload && typeof payload === 'object') {
          result.answer = payload as ChatAnswer;
        } else if (event === 'error') {
          const body = payload && typeof payload === 'object' ? (payload as Partial<ApiErrorBody>) : {};
          result.failure = new StreamError(body);
        }
      },
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    if (!result.answer && !result.failure) throw new ApiError(0, {});
  }
  if (result.failure) throw result.failure;
  if (result.answer) return result.answer;
  throw new ApiError(0, {});
}
