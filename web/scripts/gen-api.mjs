// Generates the API's TypeScript types, src/lib/api/schema.gen.ts, from
// docs/api/openapi.yaml with openapi-typescript: `npm run gen:api`.
// src/lib/api/schema.gen.test.ts runs generate() and fails when the
// committed file differs, so a change of the API description reaches the
// types (and through them tsc) in the same commit.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = dirname(fileURLToPath(import.meta.url));
export const specPath = resolve(here, '../../docs/api/openapi.yaml');
export const outPath = resolve(here, '../src/lib/api/schema.gen.ts');

const header = `// Generated from docs/api/openapi.yaml by \`npm run gen:api\` (openapi-typescript). Do not edit:
// change the API description and run the script again (src/lib/api/schema.gen.test.ts checks this file).

`;

/** The text of schema.gen.ts for the API description as it is now. */
export async function generate() {
  // The description has no references to other files, so its text is enough.
  const ast = await openapiTS(readFileSync(specPath, 'utf8'), { silent: true });
  return header + astToString(ast);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(outPath, await generate());
  console.log(`wrote ${outPath}`);
}
