import { readFileSync } from 'node:fs';

/** The version of this package (package.json), shown by `tamborrada --version` and in the OpenAPI document. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
