import type { MessageKey, TFunction } from '../../../lib/i18n';

const NAMES: Record<string, MessageKey> = {
  title: 'scenarios.field.title',
  language: 'scenarios.field.language',
  situation: 'scenarios.field.situation',
  product: 'scenarios.field.product',
  scope: 'scenarios.field.scope',
  persona: 'scenarios.editor.persona',
  'persona.name': 'scenarios.field.persona.name',
  'persona.role': 'scenarios.field.persona.role',
  'persona.company': 'scenarios.field.persona.company',
  'persona.industry': 'scenarios.field.persona.industry',
  'persona.buyer': 'scenarios.field.persona.buyer',
  'persona.personality': 'scenarios.field.persona.personality',
  'persona.formality': 'scenarios.field.persona.formality',
  objections: 'scenarios.editor.objections',
};

/**
 * A field's JSON path in words, as the editor labels it: 'persona.name' →
 * 'Käufer-Persona › Name', 'objections.0.criteria.1' → 'Einwand 1 ›
 * Kriterium 2'. An unknown path stays as it is.
 */
export function fieldLabel(t: TFunction, path: string): string {
  const [first, ...rest] = path.split('.');
  const name = NAMES[path];
  if (name) {
    const label = t(name);
    return first === 'persona' && rest.length ? `${t('scenarios.editor.persona')} › ${label}` : label;
  }
  if (first === 'objections' && /^\d+$/.test(rest[0] ?? '')) {
    const parts = [t('scenarios.objection', { n: Number(rest[0]) + 1 })];
    const [field, index] = rest.slice(1);
    if (field === 'family') parts.push(t('scenarios.field.family'));
    else if (field === 'concern') parts.push(t('scenarios.field.concern'));
    else if (field === 'wordings') parts.push(index ? t('scenarios.field.wording', { n: Number(index) + 1 }) : t('scenarios.field.wordings'));
    else if (field === 'criteria') parts.push(index ? t('scenarios.field.criterion', { n: Number(index) + 1 }) : t('scenarios.field.criteria'));
    else if (field) parts.push(field);
    return parts.join(' › ');
  }
  return path;
}
