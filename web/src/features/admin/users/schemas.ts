import { z } from 'zod';
import type { MessageKey } from '../../../lib/i18n';
import type { CreateUserRequest } from './api/users';

const msg = (key: MessageKey) => ({ error: key });

/** The create-user form (all three required; the texts are the server's). */
export const createUserSchema = z
  .object({
    first_name: z.string().trim().min(1, msg('adminCore.users.create.firstNameRequired')).max(100),
    last_name: z.string().trim().min(1, msg('adminCore.users.create.lastNameRequired')).max(100),
    email: z
      .string()
      .trim()
      .min(1, msg('adminCore.users.create.emailInvalid'))
      .pipe(z.email(msg('adminCore.users.create.emailInvalid'))),
  })
  .transform((v): CreateUserRequest => v);

export type CreateUserForm = z.input<typeof createUserSchema>;
