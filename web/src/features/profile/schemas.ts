import { z } from 'zod';
import type { MessageKey } from '../../lib/i18n';

const msg = (key: MessageKey) => ({ message: key });

/** A website address as typed; a missing scheme means https. */
export function normaliseUrl(raw: string): string {
  const url = raw.trim();
  if (!url) return '';
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`;
}

export function isWebUrl(raw: string): boolean {
  try {
    const url = new URL(normaliseUrl(raw));
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/**
 * What the explicit Save checks; its output is the PATCH /api/me body's
 * source. The product description is required only in forced mode.
 */
export function profileSchema(forced: boolean) {
  return z.object({
    display_name: z.string(),
    role: z.string(),
    formality: z.enum(['', 'du', 'sie']),
    language: z.enum(['', 'de', 'en']),
    tone_preset_id: z.string(),
    product_description: forced
      ? z.string().trim().min(1, msg('profile.product.required'))
      : z.string(),
    website: z
      .string()
      .refine((v) => v.trim() === '' || isWebUrl(v), msg('profile.website.invalid')),
  });
}

export type ProfileForm = z.input<ReturnType<typeof profileSchema>>;
