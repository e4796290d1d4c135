import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hasMarkdown, isSafeUrl, Markdown } from './markdown';

function renderMd(text: string) {
  return render(<Markdown text={text} />).container;
}

describe('Markdown renderer', () => {
  it('keeps the DOM nodes of formatted parts while a reply streams in (stable keys)', () => {
    const steps = [
      'Das ist **zu teuer**',
      'Das ist **zu teuer** für uns, siehe [Preise](https://example.com/p',
      'Das ist **zu teuer** für uns, siehe [Preise](https://example.com/p) und *vielleicht*',
      'Das ist **zu teuer** für uns, siehe [Preise](https://example.com/p) und *vielleicht* später.\n\n- erstens **A**',
      'Das ist **zu teuer** für uns, siehe [Preise](https://example.com/p) und *vielleicht* später.\n\n- erstens **A**\n- zweitens',
    ];
    const { container, rerender } = render(<Markdown text={steps[0]!} />);
    const strong = container.querySelector('strong');
    const paragraph = container.querySelector('p');
    expect(strong).toHaveTextContent('zu teuer');
    rerender(<Markdown text={steps[1]!} />);
    rerender(<Markdown text={steps[2]!} />);
    const link = container.querySelector('a');
    const em = container.querySelector('em');
    expect(link).toHaveTextContent('Preise');
    rerender(<Markdown text={steps[3]!} />);
    const item = container.querySelector('li strong');
    rerender(<Markdown text={steps[4]!} />);
    expect(container.querySelector('strong')).toBe(strong);
    expect(container.querySelector('p')).toBe(paragraph);
    expect(container.querySelector('a')).toBe(link);
    expect(container.querySelector('em')).toBe(em);
    expect(container.querySelector('li strong')).toBe(item);
    expect(container.querySelectorAll('li')).toHaveLength(2);
  });

  it('shows HTML as text and never creates elements from it', () => {
    const root = renderMd('<img src=x onerror=alert(1)> und <script>alert(2)</script>');
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('script')).toBeNull();
    expect(root).toHaveTextContent('<img src=x onerror=alert(1)> und <script>alert(2)</script>');
  });

  it('does not link javascript: in a Markdown link or as bare text', () => {
    const root = renderMd('[x](javascript:alert(1)) und javascript:alert(1) und [y](data:text/html,hi)');
    expect(root.querySelector('a')).toBeNull();
    expect(root).toHaveTextContent('[x](javascript:alert(1)) und javascript:alert(1) und [y](data:text/html,hi)');
  });

  it('auto-links http(s) URLs in a new tab with rel noopener noreferrer', () => {
    renderMd('Mehr unter https://example.com/preise?x=1. Oder http://beispiel.de');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/preise?x=1', 'http://beispiel.de']);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // trailing punctuation stays outside the link
    expect(links[0]).toHaveTextContent('https://example.com/preise?x=1');
  });

  it('renders [text](https://…) links', () => {
    renderMd('Siehe [unsere Preise](https://example.com/preise).');
    const link = screen.getByRole('link', { name: 'unsere Preise' });
    expect(link).toHaveAttribute('href', 'https://example.com/preise');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders **bold**, *italic* and _italic_', () => {
    const root = renderMd('Das ist **wichtig** und *betont* und _auch_ – aber 2 * 3 * 4 nicht.');
    expect(root.querySelector('strong')).toHaveTextContent('wichtig');
    expect([...root.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['betont', 'auch']);
    expect(root).toHaveTextContent('2 * 3 * 4 nicht.');
  });

  it('renders bullet and numbered lists, paragraphs and line breaks', () => {
    const root = renderMd('Vorteile:\n- schneller\n* **günstiger**\n• sicher\n\n1. Erstens\n2. Zweitens\n\nZeile 1\nZeile 2');
    const lists = screen.getAllByRole('list');
    expect(lists).toHaveLength(2);
    expect(lists[0]!.tagName).toBe('UL');
    expect(lists[0]!.querySelectorAll('li')).toHaveLength(3);
    expect(lists[0]!.querySelector('strong')).toHaveTextContent('günstiger');
    expect(lists[1]!.tagName).toBe('OL');
    expect(root.querySelectorAll('p')).toHaveLength(2);
    expect(root.querySelectorAll('br')).toHaveLength(1);
  });

  it('accepts only http and https as safe URLs', () => {
    expect(isSafeUrl('https://example.com')).toBe(true);
    expect(isSafeUrl('http://example.com')).toBe(true);
    expect(isSafeUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('JaVaScRiPt:alert(1)')).toBe(false);
    expect(isSafeUrl('data:text/html,x')).toBe(false);
    expect(isSafeUrl('//example.com')).toBe(false);
  });

  it('detects Markdown for the preview (bare URLs do not count)', () => {
    expect(hasMarkdown('Das ist **fett**')).toBe(true);
    expect(hasMarkdown('Das ist *kursiv*')).toBe(true);
    expect(hasMarkdown('- Punkt eins\n- Punkt zwei')).toBe(true);
    expect(hasMarkdown('[Link](https://example.com)')).toBe(true);
    expect(hasMarkdown('Ganz normaler Text, 2 * 3 = 6.')).toBe(false);
    expect(hasMarkdown('Siehe https://example.com')).toBe(false);
  });
});
