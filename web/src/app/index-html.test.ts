import { describe, expect, it } from 'vitest';
import html from '../../index.html?raw';

describe('index.html', () => {
  it('paints a status with text before any script has run (first contentful paint)', () => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const root = doc.getElementById('root');
    expect(root?.querySelector('.full-page-status .spinner')).not.toBeNull();
    expect(root?.querySelector('.full-page-status__text')?.textContent).toBe('Sales Coach');
    // Decorative: the app's own status (role=status) speaks once it runs.
    expect(root?.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });
});
