import { describe, expect, it } from 'vitest';
import { plainText } from './plain-text';

describe('plainText', () => {
  it('keeps text, tabs and newlines', () => {
    expect(plainText('Zeile 1\n\tZeile 2 – äöü €')).toBe('Zeile 1\n\tZeile 2 – äöü €');
  });

  it('turns line breaks into LF and other control characters into spaces', () => {
    expect(plainText('a\r\nb\rc')).toBe('a\nb\nc');
    expect(plainText('Seite 1\fSeite 2\u0000x\u0007y\u001b[0m\u0085z\u007f')).toBe('Seite 1 Seite 2 x y [0m z ');
  });
});
