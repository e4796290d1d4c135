// Loaded only when a PDF is attached (dynamic import), so pdf.js stays out of
// every other bundle. The worker is bundled by Vite and served by our own
// server (no CDN); eval stays off for the strict CSP.
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

import { plainText } from '../../../lib/plain-text';

GlobalWorkerOptions.workerSrc = workerUrl;

/** The server accepts at most this many characters of PDF text. */
export const MAX_PDF_TEXT = 200_000;

interface TextItemLike {
  str?: string;
  hasEOL?: boolean;
}

/** Extracts the text of every page (pages separated by a blank line). */
export async function extractPdfText(data: ArrayBuffer): Promise<string> {
  const task = getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
  });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items as TextItemLike[]) {
        // PDFs carry form feeds and other control characters, which the server refuses.
        if (typeof item.str === 'string') text += plainText(item.str);
        if (item.hasEOL) text += '\n';
        else if (item.str) text += ' ';
      }
      pages.push(text.replace(/[ \t]+\n/g, '\n').replace(/[ \t]{2,}/g, ' ').trim());
      page.cleanup();
    }
    return Array.from(pages.join('\n\n').trim()).slice(0, MAX_PDF_TEXT).join('');
  } finally {
    await task.destroy();
  }
}
