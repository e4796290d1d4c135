// Types of gen-api.mjs for the test that imports it (src/lib/api/schema.gen.test.ts).
export declare const specPath: string;
export declare const outPath: string;
export declare function generate(): Promise<string>;
