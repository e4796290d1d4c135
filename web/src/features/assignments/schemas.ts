import { z } from 'zod';
import type { MessageKey } from '../../lib/i18n';
import type { AssignmentInput } from './api/assignments';

const msg = (key: MessageKey) => ({ error: key });

export { FAMILIES } from '../../lib/families';

/**
 * The 'Neue Aufgabe' form → POST /api/team/assignments. The due date is the
 * manager's local date and time (datetime-local); userIds come from the
 * member picker beside the form. Errors are i18n keys.
 */
export const assignmentSchema = z
  .object({
    title: z.string().trim().min(1, msg('dashboard.teamTasks.error.title')).max(200, msg('dashboard.teamTasks.error.titleMax')),
    mode: z.enum(['Übung', 'Prüfung']),
    difficulty: z.enum(['1', '2', '3']),
    family: z.string(),
    scenarioId: z.string(),
    productDescription: z.string().trim().max(20000, msg('dashboard.teamTasks.error.product')),
    dueAt: z
      .string()
      .refine((v) => v !== '' && !Number.isNaN(new Date(v).getTime()), msg('dashboard.teamTasks.error.due'))
      .refine((v) => new Date(v).getTime() > Date.now(), msg('dashboard.teamTasks.error.duePast')),
  })
  .transform(
    (v): AssignmentInput => ({
      title: v.title,
      mode: v.mode,
      difficulty: Number(v.difficulty) as 1 | 2 | 3,
      ...(v.scenarioId ? { scenarioId: v.scenarioId } : v.family ? { family: v.family as AssignmentInput['family'] } : {}),
      ...(v.productDescription ? { productDescription: v.productDescription } : {}),
      dueAt: new Date(v.dueAt).toISOString(),
    }),
  );

export type AssignmentFormValues = z.input<typeof assignmentSchema>;
