// Apart from markdown.tsx: the input bar asks this on every send, the renderer loads with the transcript.

/**
 * Whether a text uses Markdown formatting (bold, italic, lists, links), so
 * the input bar offers a preview before sending. Bare URLs do not count.
 */
export function hasMarkdown(text: string): boolean {
  return (
    /\*\*(?=\S)[\s\S]*?\S\*\*/.test(text) ||
    /(^|[^*\w])\*(?=[^\s*])[^*\n]*?[^\s*]\*(?!\*)/.test(text) ||
    /(^|[^\p{L}\p{N}_])_(?=\S)[^_\n]*?\S_(?![\p{L}\p{N}_])/u.test(text) ||
    /^\s{0,3}([-*+•]|\d{1,9}[.)])\s+\S/m.test(text) ||
    /\[[^\]\n]+\]\([^)\s]+\)/.test(text)
  );
}
