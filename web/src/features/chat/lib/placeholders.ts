// The perfect answer is a model to adapt: the trainer leaves a blank in square
// brackets wherever the seller's own example belongs ('[was ein Kunde damit
// erreicht hat, mit einer Zahl aus eigener Erfahrung]'). The input bar selects
// these blanks one after the other; an answer sent with one left in is scored
// as unfinished by the server.

/** Where a placeholder sits in a text: `text.slice(start, end)` is '[…]', brackets included. */
export interface PlaceholderRange {
  start: number;
  end: number;
}

/** A placeholder: '[', at least one character that is neither a bracket nor a line break, ']'. */
const PLACEHOLDER = /\[[^[\]\r\n]+\]/g;

/** The placeholders of a text, in order. */
export function findPlaceholders(text: string): PlaceholderRange[] {
  return Array.from(text.matchAll(PLACEHOLDER), (m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** How many placeholders a text holds. */
export function countPlaceholders(text: string): number {
  return findPlaceholders(text).length;
}

/**
 * The placeholder to select next, given the current selection: the one after
 * a placeholder that is selected exactly, else the first that holds or follows
 * the caret; after the last one it starts again at the first. Null when the
 * text holds none.
 */
export function nextPlaceholder(text: string, selectionStart: number, selectionEnd: number): PlaceholderRange | null {
  const all = findPlaceholders(text);
  const selected = selectedPlaceholder(all, selectionStart, selectionEnd);
  if (selected >= 0) return all[(selected + 1) % all.length] ?? null;
  return all.find((p) => p.end > selectionStart) ?? all[0] ?? null;
}

/** The index of the placeholder the selection covers exactly, or -1. */
export function selectedPlaceholder(ranges: PlaceholderRange[], selectionStart: number, selectionEnd: number): number {
  return ranges.findIndex((p) => p.start === selectionStart && p.end === selectionEnd);
}
