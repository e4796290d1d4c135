// Measures the JavaScript a browser downloads before /app/login can render:
// the entry script of index.html, its static imports, and the lazy login
// route chunk with its static imports (gzip, as the build reports it).
// Fails when it exceeds the budget or pulls in the chat feature or pdf.js.
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 180;
const dist = resolve(import.meta.dirname, '../dist');
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const entry = /<script[^>]+src="\/app\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html');
const login = readdirSync(assets).find((f) => /^login-[\w-]+\.js$/.test(f));
if (!login) throw new Error('no login chunk in dist/assets');

/** Static imports only (`import … from"./x.js"` and bare `import"./x.js"`), not import(). */
function staticImports(file) {
  const code = readFileSync(join(assets, file), 'utf8');
  const found = new Set();
  for (const m of code.matchAll(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)) found.add(m[1]);
  return [...found];
}

const seen = new Set();
const visit = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  for (const dep of staticImports(file)) visit(dep);
};
visit(entry);
visit(login);

let total = 0;
const rows = [...seen].map((file) => {
  const gz = gzipSync(readFileSync(join(assets, file))).length;
  total += gz;
  return `  ${file.padEnd(40)} ${(gz / 1024).toFixed(2).padStart(8)} kB gzip`;
});
console.log(`initial JavaScript of /app/login:\n${rows.join('\n')}\n  total ${(total / 1024).toFixed(2)} kB gzip (budget ${BUDGET_KB} kB)`);

const forbidden = [...seen].filter((f) => /^(chat|pdf-text|pdf\.worker)/.test(f));
if (forbidden.length) {
  console.error(`the login bundle must not contain ${forbidden.join(', ')}`);
  process.exit(1);
}
if (total > BUDGET_KB * 1024) {
  console.error(`initial JavaScript of /app/login is over the ${BUDGET_KB} kB budget`);
  process.exit(1);
}
