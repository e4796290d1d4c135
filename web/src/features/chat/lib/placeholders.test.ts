import { describe, expect, it } from 'vitest';
import { countPlaceholders, findPlaceholders, nextPlaceholder, selectedPlaceholder } from './placeholders';

const ANSWER =
  'Das verstehe ich gut. Zum Beispiel: [ein Kundenbeispiel mit einer Zahl aus eigener Erfahrung]. ' +
  'Ein Beispiel dafür: [was ein Kunde damit erreicht hat]. Wäre ein kurzer Termin am Donnerstag möglich?';
const FIRST = '[ein Kundenbeispiel mit einer Zahl aus eigener Erfahrung]';
const SECOND = '[was ein Kunde damit erreicht hat]';

const at = (text: string, part: string) => ({ start: text.indexOf(part), end: text.indexOf(part) + part.length });

describe('placeholders', () => {
  it('finds each [ … ] on one line, brackets included, in order', () => {
    expect(findPlaceholders(ANSWER)).toEqual([at(ANSWER, FIRST), at(ANSWER, SECOND)]);
    const ranges = findPlaceholders(ANSWER);
    expect(ranges.map((r) => ANSWER.slice(r.start, r.end))).toEqual([FIRST, SECOND]);
    expect(countPlaceholders(ANSWER)).toBe(2);
  });

  it('counts no empty, nested or multi-line brackets and nothing in plain text', () => {
    expect(countPlaceholders('Ein Kunde spart 5 Stunden pro Woche.')).toBe(0);
    expect(countPlaceholders('leer [] bleibt leer')).toBe(0);
    expect(countPlaceholders('[erste Zeile\nzweite Zeile]')).toBe(0);
    // nested: only the inner blank is one
    expect(findPlaceholders('a [b [c] d] e').map((r) => 'a [b [c] d] e'.slice(r.start, r.end))).toEqual(['[c]']);
    expect(countPlaceholders('[eins] und [zwei]\n[drei]')).toBe(3);
  });

  it('selects the first placeholder from the start, then the next, then the first again', () => {
    const first = nextPlaceholder(ANSWER, 0, 0);
    expect(first).toEqual(at(ANSWER, FIRST));
    const second = nextPlaceholder(ANSWER, first!.start, first!.end);
    expect(second).toEqual(at(ANSWER, SECOND));
    expect(nextPlaceholder(ANSWER, second!.start, second!.end)).toEqual(at(ANSWER, FIRST));
  });

  it('takes the placeholder that holds or follows the caret, and wraps after the last one', () => {
    const second = at(ANSWER, SECOND);
    expect(nextPlaceholder(ANSWER, second.start + 3, second.start + 3)).toEqual(second);
    const between = at(ANSWER, FIRST).end + 2;
    expect(nextPlaceholder(ANSWER, between, between)).toEqual(second);
    expect(nextPlaceholder(ANSWER, ANSWER.length, ANSWER.length)).toEqual(at(ANSWER, FIRST));
  });

  it('finds the next one after the first was filled in', () => {
    const filled = ANSWER.replace(FIRST, 'Ein Kunde mit 12 Leuten spart seit März 5 Stunden pro Woche');
    const caret = filled.indexOf('Woche') + 'Woche'.length;
    expect(nextPlaceholder(filled, caret, caret)).toEqual(at(filled, SECOND));
    expect(countPlaceholders(filled)).toBe(1);
  });

  it('has none to select in a text without placeholders', () => {
    expect(nextPlaceholder('Alles ausgefüllt.', 0, 0)).toBeNull();
  });

  it('knows which placeholder the selection covers exactly', () => {
    const ranges = findPlaceholders(ANSWER);
    const second = at(ANSWER, SECOND);
    expect(selectedPlaceholder(ranges, second.start, second.end)).toBe(1);
    expect(selectedPlaceholder(ranges, second.start + 1, second.end)).toBe(-1);
    expect(selectedPlaceholder(ranges, 0, 0)).toBe(-1);
  });
});
