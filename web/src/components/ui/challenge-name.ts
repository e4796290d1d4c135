// Apart from challenge-icons.tsx, so that a page showing only names does not load every icon.

/** The separator of "iconkey – Title" (en dash with spaces). */
const SEPARATOR = ' – ';

/** Splits a challenge name "iconkey – Title" into its icon key and title. */
export function splitChallengeName(name: string): { iconKey: string; title: string } {
  const at = name.indexOf(SEPARATOR);
  if (at < 0) return { iconKey: '', title: name.trim() };
  return { iconKey: name.slice(0, at).trim(), title: name.slice(at + SEPARATOR.length).trim() };
}
