import fs from 'node:fs';
import path from 'node:path';

/** The project's root, where the server runs (its `./dist/client` and `./data` defaults are relative to it). */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The arguments of `node` that start the production server as `npm start` runs it: the build in dist/server
 * (`npm run build`, which `npm test` runs before the suites that start it as a process).
 */
export function builtServerArgs(): string[] {
  const entry = path.join(PROJECT_ROOT, 'dist/server/main.js');
  if (!fs.existsSync(entry)) throw new Error('Build the server first: npm run build');
  return ['--enable-source-maps', entry];
}
