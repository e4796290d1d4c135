import { z } from 'zod';
import type { Scenario, ScenarioInput, ScenarioObjection } from '../api/scenarios';
import { FAMILIES } from './catalogue';
import { SITUATIONS } from './catalogue';

// The editor's one schema: it validates the form (each issue's path is the
// field's JSON path, the same the server names: "objections.0.criteria.1")
// and its output is the request body. Messages are i18n keys.

/** Bounds of a scenario's fields (salescoach.Max* in scenario.go), in characters. */
export const LIMITS = {
  title: 120,
  product: 2000,
  name: 80,
  role: 80,
  company: 120,
  industry: 80,
  objections: 5,
  wordings: 3,
  wording: 500,
  concern: 500,
  criteria: 5,
  criterion: 200,
} as const;

// Control characters: single-line fields take none, the product description line breaks and tabs.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

function text(max: number, required: boolean, multiline = false) {
  const base = z
    .string()
    .trim()
    .max(max, { message: 'scenarios.error.tooLong' })
    .refine((v) => !(multiline ? CONTROL_MULTILINE : CONTROL).test(v), { message: 'scenarios.error.control' });
  return required ? base.min(1, { message: 'scenarios.error.required' }) : base;
}

const choice = <T extends string>(values: readonly [T, ...T[]]) =>
  z.enum(values, { message: 'scenarios.error.required' });

const familyObjection = z.object({
  kind: z.literal('family'),
  family: z.enum(FAMILIES, { message: 'scenarios.error.family' }),
});

const customObjection = z.object({
  kind: z.literal('custom'),
  wordings: z
    .array(text(LIMITS.wording, true))
    .min(1, { message: 'scenarios.error.wordings' })
    .max(LIMITS.wordings, { message: 'scenarios.error.wordings' }),
  concern: text(LIMITS.concern, true),
  criteria: z
    .array(text(LIMITS.criterion, true))
    .min(1, { message: 'scenarios.error.criteria' })
    .max(LIMITS.criteria, { message: 'scenarios.error.criteria' }),
});

export const scenarioSchema = z
  .object({
    title: text(LIMITS.title, true),
    language: choice(['de', 'en']),
    situation: choice(SITUATIONS as [(typeof SITUATIONS)[number], ...(typeof SITUATIONS)[number][]]),
    product: text(LIMITS.product, true, true),
    persona: z.object({
      name: text(LIMITS.name, true),
      role: text(LIMITS.role, false),
      company: text(LIMITS.company, false),
      industry: text(LIMITS.industry, false),
      buyer: choice(['b2b', 'b2c']),
      personality: z.string(),
      formality: choice(['du', 'sie']),
    }),
    objections: z
      .array(z.discriminatedUnion('kind', [familyObjection, customObjection]))
      .min(1, { message: 'scenarios.error.objections' })
      .max(LIMITS.objections, { message: 'scenarios.error.objections' }),
    scope: z.enum(['mine', 'team', 'public']),
  })
  .transform(
    (v): ScenarioInput => ({
      title: v.title,
      language: v.language,
      situation: v.situation,
      product: v.product,
      persona: {
        name: v.persona.name,
        role: v.persona.role,
        company: v.persona.company,
        industry: v.persona.industry,
        buyer: v.persona.buyer,
        ...(v.persona.personality ? { personality: v.persona.personality } : {}),
        formality: v.persona.formality,
      },
      objections: v.objections.map(
        (o): ScenarioObjection =>
          o.kind === 'family' ? { family: o.family } : { wordings: o.wordings, concern: o.concern, criteria: o.criteria },
      ),
      scope: v.scope,
    }),
  );

/** One objection as the editor holds it: both kinds' fields, the kind picks which count. */
export interface ObjectionValues {
  kind: 'family' | 'custom';
  family: string;
  wordings: string[];
  concern: string;
  criteria: string[];
}

/** The editor's values (the schema's input). */
export interface ScenarioValues {
  title: string;
  language: string;
  situation: string;
  product: string;
  persona: {
    name: string;
    role: string;
    company: string;
    industry: string;
    buyer: string;
    personality: string;
    formality: string;
  };
  objections: ObjectionValues[];
  scope: string;
}

export const emptyObjection = (kind: ObjectionValues['kind'] = 'custom'): ObjectionValues => ({
  kind,
  family: '',
  wordings: [''],
  concern: '',
  criteria: [''],
});

/** A new scenario: one custom objection; its language '' follows the UI's until one is chosen (the editor fills it in). */
export function emptyValues(): ScenarioValues {
  return {
    title: '',
    language: '',
    situation: 'cold_call',
    product: '',
    persona: { name: '', role: '', company: '', industry: '', buyer: 'b2b', personality: '', formality: 'sie' },
    objections: [emptyObjection()],
    scope: 'mine',
  };
}

/** A stored scenario as the editor's values. */
export function valuesOf(s: Scenario): ScenarioValues {
  return {
    title: s.title,
    language: s.language,
    situation: s.situation,
    product: s.product,
    persona: {
      name: s.persona.name,
      role: s.persona.role,
      company: s.persona.company,
      industry: s.persona.industry,
      buyer: s.persona.buyer,
      personality: s.persona.personality ?? '',
      formality: s.persona.formality,
    },
    objections: s.objections.map((o) =>
      o.family
        ? { ...emptyObjection('family'), family: o.family }
        : { kind: 'custom', family: '', wordings: o.wordings ?? [''], concern: o.concern ?? '', criteria: o.criteria ?? [''] },
    ),
    scope: s.scope,
  };
}

/** Field errors by JSON path: a schema's are i18n keys (the first per path). */
export type FieldErrors = Record<string, string>;

/** Validates the values: the request body, or the errors by path. */
export function parseScenario(values: ScenarioValues): { data: ScenarioInput; errors: null } | { data: null; errors: FieldErrors } {
  const result = scenarioSchema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || '_form';
    if (!(path in errors)) errors[path] = issue.message;
  }
  return { data: null, errors };
}
