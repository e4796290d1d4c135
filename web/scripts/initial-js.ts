// The budget of the script a browser downloads before a first page can render.
//
// A Vite plugin: after each production build it walks the bundle graph from
// the entry chunk, the lazy modules the page renders (its screen, the
// signed-in frame) and the parts of the text catalogue it waits for, following static imports (what the browser fetches,
// modulepreload included) but not dynamic ones (loaded later, on demand), and
// sums the files gzipped at level 9, as the server sends them
// (httpapi/static.go). The build fails when a page is over its budget, when
// the sign-in page pulls in the chat feature, pdf.js or zod, or when its
// script names a text of a catalogue part it does not wait for (the text
// would arrive a moment late, with a second load).
import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** First pages: the lazy modules they render, the catalogue parts they wait for, the budget in kB. */
interface Page {
  page: string;
  /** The lazily loaded modules the page renders: its screen, and the signed-in frame around it. */
  routes: readonly string[];
  messages: readonly string[];
  budgetKB: number;
}

export const PAGES: readonly Page[] = [
  { page: '/app/login', routes: ['src/app/routes/login.tsx'], messages: ['signin'], budgetKB: 120 },
  // 121: the team screen's route and live-update kind (issue 27) took the last 0.5 kB (docs/decisions.md).
  { page: '/app/chat', routes: ['src/app/SignedIn.tsx', 'src/app/routes/chat.tsx'], messages: ['chat'], budgetKB: 121 },
];

const gzipped = (code: string) => gzipSync(code, { level: 9 }).length;

/** The chunks a page needs: entry, lazy modules and catalogue parts, with their static imports. */
export function pageChunks(bundle: OutputBundle, { routes, messages }: Page): OutputChunk[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byModule = (suffix: string) => chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
  const starts = [chunks.find((c) => c.isEntry), ...routes.map(byModule), ...messages.map((m) => byModule(`src/lib/i18n/messages/${m}.ts`))];
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = bundle[name] as OutputBundle[string] | undefined;
      if (next?.type === 'chunk') visit(next);
    }
  };
  for (const [i, chunk] of starts.entries()) {
    if (!chunk) throw new Error(`initial-js: no chunk for start ${i} (the entry, ${[...routes, ...messages].join(', ')})`);
    visit(chunk);
  }
  return [...seen.values()];
}

export function initialJsBudget(): Plugin {
  return {
    name: 'initial-js-budget',
    apply: 'build',
    generateBundle: {
      // After Vite's own hooks, which write the dynamic imports' preload
      // lists into the chunks: the code measured is the code on disk.
      order: 'post',
      handler(_options, bundle) {
      const lines: string[] = [];
      const problems: string[] = [];
      for (const page of PAGES) {
        const chunks = pageChunks(bundle, page);
        const total = chunks.reduce((n, c) => n + gzipped(c.code), 0) / 1024;
        lines.push(`  ${page.page.padEnd(12)} ${total.toFixed(2).padStart(7)} kB gzip in ${chunks.length} files (budget ${page.budgetKB} kB)`);
        if (total > page.budgetKB) problems.push(`${page.page}: ${total.toFixed(1)} kB of script is over its ${page.budgetKB} kB budget`);
        if (page.page === '/app/login') {
          const heavy = chunks.flatMap((c) => Object.keys(c.modules)).filter((id) => /\/(features\/chat|pdfjs-dist|zod)\//.test(id));
          if (heavy.length) problems.push(`${page.page} must not load ${[...new Set(heavy.map((id) => id.replace(/.*node_modules\/|.*src\//, '')))].slice(0, 5).join(', ')}`);
        }
      }
      // Texts of a catalogue part a page does not wait for (ids like 'chat.send').
      const lazyParts: Record<string, string> = Object.fromEntries(
        ['signin', 'chat', 'profile', 'dashboard', 'progress', 'scenarios', 'tutorial', 'help', 'feedback', 'admin'].map((part) => [part, `src/lib/i18n/messages/${part}.ts`]),
      );
      for (const page of PAGES) {
        const missing = Object.entries(lazyParts).filter(([part]) => !page.messages.includes(part));
        const prefixes = new Set<string>();
        for (const [, file] of missing) {
          const chunk = Object.values(bundle).find((c): c is OutputChunk => c.type === 'chunk' && Boolean(c.facadeModuleId?.endsWith(file)));
          for (const key of chunk?.code.matchAll(/["'](\w+)\.[\w.]+["']\s*:\s*\{\s*de\s*:/g) ?? []) if (key[1]) prefixes.add(key[1]);
        }
        if (prefixes.size === 0) continue;
        // a key, or the start of a key built from a template (`tour.step.${n}`)
        const pattern = new RegExp(`["'\`](?:${[...prefixes].join('|')})\\.[A-Za-z][\\w.]*`, 'g');
        for (const chunk of pageChunks(bundle, page)) {
          if (Object.values(lazyParts).some((f) => chunk.facadeModuleId?.endsWith(f))) continue;
          const found = chunk.code.match(pattern);
          if (found) problems.push(`${page.page}: ${chunk.fileName} uses ${[...new Set(found.map((key) => key.slice(1)))].slice(0, 3).join(', ')}, texts the page does not load`);
        }
      }
      // The server names each first page's lazy chunks in the HTML it sends
      // for that page (httpapi/static.go), so the browser fetches them with
      // the entry instead of after it has run: preload.json, by the page's
      // first path segment, without what index.html preloads already.
      const entry = pageChunks(bundle, { page: '', routes: [], messages: [], budgetKB: 0 });
      const inEntry = new Set(entry.map((c) => c.fileName));
      const preload: Record<string, { js: string[]; css: string[] }> = {};
      for (const page of PAGES) {
        const lazy = pageChunks(bundle, page).filter((c) => !inEntry.has(c.fileName));
        preload[page.page.replace('/app/', '')] = {
          js: lazy.map((c) => c.fileName),
          css: [...new Set(lazy.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))],
        };
      }
      this.emitFile({ type: 'asset', fileName: 'preload.json', source: JSON.stringify(preload) });
      console.log(`\ninitial JavaScript of the first pages:\n${lines.join('\n')}`);
      if (problems.length) this.error(problems.join('\n'));
      },
    },
  };
}
