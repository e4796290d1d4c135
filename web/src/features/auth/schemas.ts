import { z } from 'zod';
import type { LoginRequest, SignupRequest } from '../../lib/api';
import type { MessageKey } from '../../lib/i18n';

// Error messages are i18n keys; the forms translate them.
const msg = (key: MessageKey) => ({ error: key });

const email = z
  .string()
  .trim()
  .min(1, msg('validation.emailRequired'))
  .pipe(z.email(msg('validation.emailInvalid')));

const password = z
  .string()
  .min(1, msg('validation.passwordRequired'))
  .min(8, msg('validation.passwordMin'))
  .max(128, msg('validation.passwordMax'));

const passwordsMatch = {
  path: ['confirmPassword'],
  ...msg('validation.passwordMismatch'),
  // run even when another field is invalid, so every message shows at once
  when: () => true,
};

/** Sign-in form → POST /api/auth/login. */
export const signInSchema = z
  .object({ email, password, remember: z.boolean() })
  .transform((v): LoginRequest => v);

/** Registration form → POST /api/auth/signup. */
export const signUpSchema = z
  .object({
    email,
    password,
    confirmPassword: z.string(),
    company: z.string().trim().max(200),
    termsAccepted: z.boolean().refine((v) => v, msg('validation.termsRequired')),
    ref: z.string().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch)
  .transform(
    (v): SignupRequest => ({
      email: v.email,
      password: v.password,
      // The refine above lets only true through (the server refuses false).
      termsAccepted: true,
      ...(v.company ? { company: v.company } : {}),
      ...(v.ref ? { ref: v.ref } : {}),
    }),
  );

/** 'Passwort vergessen?' → POST /api/auth/recover. */
export const recoverSchema = z.object({ email });

/** New password from a reset link → POST /api/auth/reset (token added by the page). */
export const resetSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch)
  .transform((v) => ({ password: v.password }));

/** A guest adds e-mail and password → POST /api/auth/upgrade. */
export const upgradeSchema = z
  .object({ email, password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, passwordsMatch)
  .transform((v) => ({ email: v.email, password: v.password }));
