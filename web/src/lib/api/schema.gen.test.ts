import { describe, expect, it } from 'vitest';
import { generate } from '../../../scripts/gen-api.mjs';
import committed from './schema.gen.ts?raw';

describe('schema.gen.ts', () => {
  it('is what `npm run gen:api` makes of docs/api/openapi.yaml today', async () => {
    const fresh = await generate();
    // A failure here means the API description changed without the types:
    // run `npm run gen:api` in web/ and commit schema.gen.ts with it.
    expect(committed === fresh, 'src/lib/api/schema.gen.ts is stale: run `npm run gen:api`').toBe(true);
  });
});
