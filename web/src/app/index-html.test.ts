import { describe, expect, it } from 'vitest';
import html from '../../index.html?raw';
import globalCss from '../styles/global.css?raw';

describe('index.html', () => {
  it('paints a status with text before any script has run (first contentful paint)', () => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const root = doc.getElementById('root');
    expect(root?.querySelector('.full-page-status .spinner')).not.toBeNull();
    expect(root?.querySelector('.full-page-status__text')?.textContent).toBe('Sales Coach');
    // Decorative: the app's own status (role=status) speaks once it runs.
    expect(root?.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
  });

  it("styles the status itself with global.css's values, so nothing moves when the stylesheet arrives", () => {
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const inline = [...doc.head.querySelectorAll('style')].map((s) => s.textContent).join('');
    const value = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(globalCss)?.[1]?.trim();
    for (const name of ['--color-bg', '--color-text', '--color-text-muted', '--color-primary', '--color-primary-soft', '--space-3']) {
      const v = value(name);
      expect(v, name).toBeTruthy();
      expect(inline, `${name} (${v})`).toContain(v);
    }
    const font = value('--font-sans')?.replace(/\s+/g, ' ');
    expect(font).toBeTruthy();
    expect(inline.replace(/\s+/g, ' ')).toContain(font);
    // The stylesheet is not in the source's head: the build adds it, at the end of the body (vite.config.ts).
    expect(doc.head.querySelector('link[rel="stylesheet"]')).toBeNull();
  });
});
