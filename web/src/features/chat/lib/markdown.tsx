import type { ReactNode } from 'react';

/*
 * A small Markdown renderer for chat messages that builds React elements
 * (never HTML strings): text stays text, so any HTML in a message is shown
 * escaped. It knows paragraphs, line breaks, bullet and numbered lists,
 * **bold**, *italic* (and _italic_), [text](url) links and bare URLs.
 * Only http(s) URLs become links, opened in a new tab with
 * rel="noopener noreferrer"; any other scheme (javascript:, data:, ...) stays text.
 */

/** True for an absolute http(s) URL. */
export function isSafeUrl(url: string): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

const TRAILING = /[.,;:!?'"“”„‚‘’»«…]+$/;

/** Drops trailing punctuation and an unbalanced closing bracket from a bare URL. */
function trimUrl(raw: string): string {
  let url = raw;
  for (;;) {
    const before = url;
    url = url.replace(TRAILING, '');
    if (url.endsWith(')')) {
      const open = (url.match(/\(/g) ?? []).length;
      const close = (url.match(/\)/g) ?? []).length;
      if (close > open) url = url.slice(0, -1);
    }
    if (url === before) return url;
  }
}

interface InlineRule {
  name: 'link' | 'url' | 'bold' | 'italic' | 'underscore';
  re: RegExp;
}

// Order breaks ties at the same position.
const RULES: readonly InlineRule[] = [
  { name: 'link', re: /\[([^\]\n]+)\]\(([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\)/ },
  { name: 'url', re: /https?:\/\/[^\s<>]+/i },
  { name: 'bold', re: /\*\*(?=\S)([\s\S]*?\S)\*\*/ },
  { name: 'italic', re: /\*(?=[^\s*])([^*\n]*?[^\s*])\*/ },
  { name: 'underscore', re: /(?<![\p{L}\p{N}_])_(?=\S)([^_\n]*?\S)_(?![\p{L}\p{N}_])/u },
];

function externalLink(key: string, href: string, label: ReactNode): ReactNode {
  return (
    <a key={key} href={href} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}

/**
 * Renders inline Markdown into text and elements. Keys are positions
 * (`keyPrefix` and the place among the siblings), so while a reply streams in
 * the elements already shown keep their keys and React keeps their DOM nodes.
 */
export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  const key = () => `${keyPrefix}.${out.length}`;
  let rest = text;
  while (rest) {
    let best: { rule: InlineRule; match: RegExpExecArray } | null = null;
    for (const rule of RULES) {
      const match = rule.re.exec(rest);
      if (match && (!best || match.index < best.match.index)) best = { rule, match };
    }
    if (!best) {
      out.push(rest);
      break;
    }
    const { rule, match } = best;
    if (match.index > 0) out.push(rest.slice(0, match.index));
    let consumed = match[0].length;
    switch (rule.name) {
      case 'link': {
        const label = match[1] ?? '';
        const href = match[2] ?? '';
        out.push(isSafeUrl(href) ? externalLink(key(), href, renderInline(label, key())) : match[0]);
        break;
      }
      case 'url': {
        const url = trimUrl(match[0]);
        consumed = url.length;
        out.push(isSafeUrl(url) ? externalLink(key(), url, url) : url);
        break;
      }
      case 'bold':
        out.push(<strong key={key()}>{renderInline(match[1] ?? '', key())}</strong>);
        break;
      case 'italic':
      case 'underscore':
        out.push(<em key={key()}>{renderInline(match[1] ?? '', key())}</em>);
        break;
    }
    rest = rest.slice(match.index + consumed);
  }
  return out;
}

type Block =
  | { kind: 'p'; lines: string[] }
  | { kind: 'ul'; items: string[] }
  | { kind: 'ol'; items: string[]; start: number };

const BULLET = /^\s{0,3}[-*+•]\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;

function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') {
      current = null;
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet) {
      if (current?.kind !== 'ul') {
        current = { kind: 'ul', items: [] };
        blocks.push(current);
      }
      current.items.push(bullet[1] ?? '');
    } else if (numbered) {
      if (current?.kind !== 'ol') {
        current = { kind: 'ol', items: [], start: Number(numbered[1]) };
        blocks.push(current);
      }
      current.items.push(numbered[2] ?? '');
    } else if (current && current.kind !== 'p' && /^\s{2,}\S/.test(line)) {
      // an indented continuation of the last list item
      const items = current.items;
      items[items.length - 1] = `${items[items.length - 1] ?? ''} ${line.trim()}`;
    } else {
      if (current?.kind !== 'p') {
        current = { kind: 'p', lines: [] };
        blocks.push(current);
      }
      current.lines.push(line);
    }
  }
  return blocks;
}

/** Renders a message's Markdown as React elements. */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const blocks = parseBlocks(text);
  return (
    <div className={['markdown', className].filter(Boolean).join(' ')}>
      {blocks.map((block, i) => {
        if (block.kind === 'ul') {
          return (
            <ul key={i}>
              {block.items.map((item, j) => (
                <li key={j}>{renderInline(item)}</li>
              ))}
            </ul>
          );
        }
        if (block.kind === 'ol') {
          return (
            <ol key={i} start={block.start === 1 ? undefined : block.start}>
              {block.items.map((item, j) => (
                <li key={j}>{renderInline(item)}</li>
              ))}
            </ol>
          );
        }
        return (
          <p key={i}>
            {block.lines.map((line, j) => (
              <span key={j}>
                {j > 0 ? <br /> : null}
                {renderInline(line)}
              </span>
            ))}
          </p>
        );
      })}
    </div>
  );
}

export { hasMarkdown } from './has-markdown';
