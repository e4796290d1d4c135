import { describe, expect, it } from 'vitest';
import { translate, type MessageKey } from '../../../lib/i18n';
import { fieldLabel } from './field-label';
import { emptyObjection, emptyValues, parseScenario, type ScenarioValues } from './schema';

function valid(): ScenarioValues {
  const v = emptyValues();
  return {
    ...v,
    language: 'de',
    title: '  Solar  ',
    product: 'PV-Anlage\nmit Speicher',
    persona: { ...v.persona, name: 'Petra' },
    objections: [{ ...emptyObjection(), wordings: ['Zu teuer.'], concern: 'Kredit', criteria: ['Förderung 30 %'] }],
  };
}

describe('the editor schema', () => {
  it('trims, keeps line breaks in the product and leaves an unset personality out', () => {
    const { data } = parseScenario(valid());
    expect(data).toEqual({
      title: 'Solar',
      language: 'de',
      situation: 'cold_call',
      product: 'PV-Anlage\nmit Speicher',
      persona: { name: 'Petra', role: '', company: '', industry: '', buyer: 'b2b', formality: 'sie' },
      objections: [{ wordings: ['Zu teuer.'], concern: 'Kredit', criteria: ['Förderung 30 %'] }],
      scope: 'mine',
    });
  });

  it('names each bad field by its JSON path, as the server does', () => {
    const v = valid();
    v.title = 'x'.repeat(121);
    v.persona.name = 'Pe\u0007tra';
    v.situation = 'party';
    v.objections = [
      { ...emptyObjection(), wordings: ['ok', ''], concern: '', criteria: ['a'.repeat(201)] },
      { ...emptyObjection('family'), family: 'weather' },
    ];
    expect(parseScenario(v).errors).toEqual({
      title: 'scenarios.error.tooLong',
      situation: 'scenarios.error.required',
      'persona.name': 'scenarios.error.control',
      'objections.0.wordings.1': 'scenarios.error.required',
      'objections.0.concern': 'scenarios.error.required',
      'objections.0.criteria.0': 'scenarios.error.tooLong',
      'objections.1.family': 'scenarios.error.family',
    });
  });

  it('bounds the lists: 1 to 5 objections, 1 to 3 wordings, 1 to 5 criteria', () => {
    const v = valid();
    v.objections = [{ ...v.objections[0]!, wordings: ['a', 'b', 'c', 'd'], criteria: [] }];
    expect(parseScenario(v).errors).toEqual({
      'objections.0.wordings': 'scenarios.error.wordings',
      'objections.0.criteria': 'scenarios.error.criteria',
    });
    expect(parseScenario({ ...valid(), objections: [] }).errors).toEqual({ objections: 'scenarios.error.objections' });
    const six = Array.from({ length: 6 }, () => valid().objections[0]!);
    expect(parseScenario({ ...valid(), objections: six }).errors).toEqual({ objections: 'scenarios.error.objections' });
  });
});

describe('field labels of JSON paths', () => {
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate('de', key, vars);
  it('say where the field is, as the editor labels it', () => {
    expect(fieldLabel(t, 'title')).toBe('Titel');
    expect(fieldLabel(t, 'persona.formality')).toBe('Käufer-Persona › Anrede');
    expect(fieldLabel(t, 'objections.2.wordings.0')).toBe('Einwand 3 › Wortlaut 1');
    expect(fieldLabel(t, 'objections.0.criteria')).toBe('Einwand 1 › Kriterien einer guten Antwort');
    expect(fieldLabel(t, 'objections.1.family')).toBe('Einwand 2 › Kategorie');
    expect(fieldLabel(t, 'version')).toBe('version');
  });
});
