import { z } from 'zod';
import type { MessageKey } from '../../../lib/i18n';
import { PROMO_PLANS, type PromoCodeCreate, type TonePresetInput } from './api/settings';

// Error messages are i18n keys with the server's German wording; the forms translate them.
const msg = (key: MessageKey) => ({ error: key });

/** Add or edit a tone preset → POST / PATCH /api/admin/tone-presets. */
export const tonePresetSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, msg('adminSettings.tones.error.name'))
      .max(60, msg('adminSettings.tones.error.nameMax')),
    name_en: z.string().trim().max(60, msg('adminSettings.tones.error.nameMax')),
    description: z.string().trim().max(1000, msg('adminSettings.tones.error.description')),
  })
  .transform((v): TonePresetInput => v);

export type TonePresetForm = z.input<typeof tonePresetSchema>;

/** The end of a picked day in the admin's time zone: the code is valid through that day. */
export function endOfDay(day: string): Date {
  return new Date(`${day}T23:59:59.999`);
}

const whole = /^\d+$/;

/** Create a promo code → POST /api/admin/promo-codes (empty optional fields are left out). */
export const promoCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,32}$/, msg('adminSettings.promo.error.code')),
    plan: z.enum(PROMO_PLANS, msg('adminSettings.promo.error.plan')),
    valid_until: z
      .string()
      .refine(
        (v) => v === '' || endOfDay(v).getTime() > Date.now(),
        msg('adminSettings.promo.error.validUntil'),
      ),
    max_redemptions: z
      .string()
      .trim()
      .refine((v) => v === '' || (whole.test(v) && Number(v) >= 1), msg('adminSettings.promo.error.max')),
    description: z.string().trim(),
  })
  .transform(
    (v): PromoCodeCreate => ({
      code: v.code,
      plan: v.plan,
      ...(v.description ? { description: v.description } : {}),
      ...(v.max_redemptions ? { max_redemptions: Number(v.max_redemptions) } : {}),
      ...(v.valid_until ? { valid_until: endOfDay(v.valid_until).toISOString() } : {}),
    }),
  );

export type PromoCodeForm = z.input<typeof promoCodeSchema>;

/** The exams' pass mark → PATCH /api/admin/settings {examPassMark}: a whole percent, 1 to 100. */
export const passMarkSchema = z
  .object({
    examPassMark: z
      .string()
      .trim()
      .refine((v) => whole.test(v) && Number(v) >= 1 && Number(v) <= 100, msg('adminSettings.exam.error')),
  })
  .transform((v) => ({ examPassMark: Number(v.examPassMark) }));
