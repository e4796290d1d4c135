import { z } from 'zod';
import type { MessageKey } from '../../../../lib/i18n';
import type { AdminChallenge, ChallengeUpdate } from '../api/challenges';

/** A challenge as the form holds it; the target stays text while typed. */
export interface ChallengeDraft {
  key: string;
  title: string;
  icon: string;
  description: string;
  titleEn: string;
  descriptionEn: string;
  staged: boolean;
  /** Kept while staged, so unticking brings the last target back. */
  target: string;
}

export type DraftField = 'title' | 'icon' | 'description' | 'titleEn' | 'descriptionEn' | 'target';

/** Per field: an i18n key (client check) or the server's text. */
export type DraftErrors = Partial<Record<DraftField, string>>;

export const DRAFT_FIELDS: readonly DraftField[] = ['title', 'icon', 'description', 'titleEn', 'descriptionEn', 'target'];

/** The server's field names (challenges.{i}.{name}) by draft field. */
const SERVER_FIELDS: Record<string, DraftField> = { title_en: 'titleEn', description_en: 'descriptionEn' };
export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 300;
export const TARGET_MAX = 100_000;
const ICON_PATTERN = /^[a-z0-9-]{1,40}$/;

export function toDraft(c: AdminChallenge): ChallengeDraft {
  const staged = c.staged || c.target <= 0;
  return {
    key: c.key,
    title: c.title,
    icon: c.icon,
    description: c.description,
    titleEn: c.title_en,
    descriptionEn: c.description_en,
    staged,
    target: staged ? '' : String(c.target),
  };
}

/** Whether a draft differs from what is saved (a staged one's hidden target does not count). */
export function isChanged(draft: ChallengeDraft, saved: ChallengeDraft | undefined): boolean {
  if (!saved) return true;
  return (
    draft.title !== saved.title ||
    draft.icon !== saved.icon ||
    draft.description !== saved.description ||
    draft.titleEn !== saved.titleEn ||
    draft.descriptionEn !== saved.descriptionEn ||
    draft.staged !== saved.staged ||
    (!draft.staged && draft.target.trim() !== saved.target)
  );
}

const msg = (key: MessageKey) => ({ error: key });

/** The same rules as the server (contract: title 1..60, icon ^[a-z0-9-]{1,40}$, description ≤ 300, target 0..100000). */
const draftSchema = z
  .object({
    key: z.string(),
    title: z
      .string()
      .trim()
      .min(1, msg('adminChallenges.error.title'))
      .max(TITLE_MAX, msg('adminChallenges.error.titleMax')),
    icon: z.string().trim().regex(ICON_PATTERN, msg('adminChallenges.error.icon')),
    description: z.string().trim().max(DESCRIPTION_MAX, msg('adminChallenges.error.description')),
    titleEn: z.string().trim().max(TITLE_MAX, msg('adminChallenges.error.titleMax')),
    descriptionEn: z.string().trim().max(DESCRIPTION_MAX, msg('adminChallenges.error.description')),
    staged: z.boolean(),
    target: z.string().trim(),
  })
  .refine((d) => d.staged || (/^\d+$/.test(d.target) && Number(d.target) >= 1 && Number(d.target) <= TARGET_MAX), {
    path: ['target'],
    ...msg('adminChallenges.error.target'),
    when: () => true,
  })
  .transform(
    (d): ChallengeUpdate => ({
      key: d.key,
      title: d.title,
      icon: d.icon,
      description: d.description,
      title_en: d.titleEn,
      description_en: d.descriptionEn,
      target: d.staged ? 0 : Number(d.target),
    }),
  );

export type DraftCheck = { ok: true; update: ChallengeUpdate } | { ok: false; errors: DraftErrors };

function isDraftField(value: unknown): value is DraftField {
  return typeof value === 'string' && (DRAFT_FIELDS as readonly string[]).includes(value);
}

/** Checks a draft; its output is the PUT body's entry. */
export function checkDraft(draft: ChallengeDraft): DraftCheck {
  const result = draftSchema.safeParse(draft);
  if (result.success) return { ok: true, update: result.data };
  const errors: DraftErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isDraftField(field) && !(field in errors)) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/**
 * Maps the server's field errors (`challenges.{i}.title`, i = the index in
 * the sent list) to the challenge keys.
 */
export function serverErrorsByKey(
  fields: Record<string, string>,
  sent: readonly ChallengeUpdate[],
): Record<string, DraftErrors> {
  const byKey: Record<string, DraftErrors> = {};
  for (const [path, text] of Object.entries(fields)) {
    const match = /^challenges\.(\d+)\.(\w+)$/.exec(path);
    if (!match) continue;
    const key = sent[Number(match[1])]?.key;
    const name = match[2] ?? '';
    const field = SERVER_FIELDS[name] ?? name;
    if (!key || !isDraftField(field)) continue;
    byKey[key] = { ...byKey[key], [field]: text };
  }
  return byKey;
}
