import { apiFetch, errorFromResponse } from '../../../lib/api';

/** What downloadMyData hands over: the archive and the name the server gave it. */
export interface DataExport {
  blob: Blob;
  filename: string;
}

/** The file name of a Content-Disposition header, or a default. */
export function exportFilename(disposition: string | null): string {
  const m = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return m?.[1] ?? 'salescoach-data.zip';
}

/**
 * GET /api/me/export: the user's data as a ZIP. The server streams it without
 * a length, so progress is the bytes received so far, read from the body's
 * ReadableStream. Errors (429 after three exports an hour) are ApiErrors.
 */
export async function downloadMyData(onProgress: (bytes: number) => void, signal?: AbortSignal): Promise<DataExport> {
  const res = await apiFetch('/api/me/export', { headers: { Accept: 'application/zip' }, signal });
  if (!res.ok) throw await errorFromResponse(res);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = res.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  } else {
    const whole = new Uint8Array(await res.arrayBuffer());
    chunks.push(whole);
    onProgress(whole.byteLength);
  }
  return {
    blob: new Blob(chunks as BlobPart[], { type: 'application/zip' }),
    filename: exportFilename(res.headers.get('Content-Disposition')),
  };
}

/** Hands a downloaded archive to the browser's download. */
export function saveDownload({ blob, filename }: DataExport): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
