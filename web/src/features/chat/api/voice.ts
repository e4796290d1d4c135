import { queryOptions } from '@tanstack/react-query';
import { api, apiFetch, errorFromResponse } from '../../../lib/api';

/** GET /api/voice: what the server offers for voice training. */
export interface VoiceSettings {
  stt: { provider: 'openai' | 'none' };
  tts: { provider: 'openai' | 'polly' | 'none'; voice: string; engine: string; languageCode: string };
  maxRecordingMs: number;
  silenceThreshold: number;
  silenceMs: number;
  minTranscriptChars: number;
  maxTextChars: number;
}

export const voiceSettingsQuery = queryOptions({
  queryKey: ['voice'],
  queryFn: ({ signal }) => api.get<VoiceSettings>('/api/voice', { signal }),
  staleTime: 5 * 60_000,
});

/** POST /api/stt: the text of one recording; with a call id it counts as a turn of that call. */
export async function transcribe(audio: Blob, callId?: string, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  form.append('file', audio, 'speech.webm');
  const query = callId ? `?callId=${encodeURIComponent(callId)}` : '';
  const res = await api.post<{ text: string }>(`/api/stt${query}`, form, { signal });
  return res.text;
}

/** POST /api/tts: the audio of a text in the user's default voice (or the given one). */
export async function synthesize(text: string, signal?: AbortSignal): Promise<Blob> {
  const res = await apiFetch('/api/tts', { method: 'POST', body: { text }, signal });
  if (!res.ok) throw await errorFromResponse(res);
  return res.blob();
}

/** POST /api/voice/calls: opens a call, whose transcriptions count as its turns. */
export const startCall = () => api.post<{ id: string }>('/api/voice/calls');

/** POST /api/voice/calls/{id}/finish: the first finish of a call with a turn raises 'Telefonieren'. */
export const finishCall = (id: string) =>
  api.post<{ counted: boolean }>(`/api/voice/calls/${encodeURIComponent(id)}/finish`);
