import { loadChunk } from '../../../lib/chunks';

/** A PDF attached to the next message: its file name and extracted text. */
export interface PdfAttachment {
  name: string;
  text: string;
}

/** Only PDFs are accepted (by MIME type, and the .pdf name when the browser gives none). */
export function isPdf(file: File): boolean {
  if (file.type) return file.type === 'application/pdf';
  return /\.pdf$/i.test(file.name);
}

export class NotPdfError extends Error {
  constructor() {
    super('not a pdf');
    this.name = 'NotPdfError';
  }
}

/** Reads a file as an ArrayBuffer (File.arrayBuffer where it exists). */
function readBytes(file: File): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * Checks the type, then loads pdf.js (lazily: only now) and extracts the
 * text of all pages in the browser.
 */
export async function readPdf(file: File): Promise<PdfAttachment> {
  if (!isPdf(file)) throw new NotPdfError();
  const [bytes, { extractPdfText }] = await Promise.all([readBytes(file), loadChunk(() => import('./pdf-text'))]);
  const text = await extractPdfText(bytes);
  return { name: file.name, text };
}
