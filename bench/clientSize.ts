import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The gzip size of the JavaScript and CSS a browser loads for a page of the built client: the entry with
 * everything it imports statically, plus the page's lazy chunk with its imports and the text namespaces
 * routes.tsx fetches beside it. Read from the Vite manifest the build writes next to the client directory.
 */

/**
 * The most gzipped JavaScript a browser may load before it shows `/` (the sign-in page), in bytes;
 * tests/e2e/clientSize.test.ts holds the build under it. What the first load is made of is in docs/performance.md.
 */
export const FIRST_LOAD_JS_BUDGET = 150_000;

export interface PageSpec {
  path: string;
  /** Manifest keys (paths relative to src/client) of what the route loads lazily: its page, its namespaces. */
  lazy: string[];
}

/** The pages measured; keep in step with routes.tsx (the sign-in page is part of the entry chunk). */
export const measuredPages: PageSpec[] = [
  { path: '/', lazy: ['../shared/i18n/en/signIn.ts'] },
  { path: '/login', lazy: ['../shared/i18n/en/signIn.ts'] },
  {
    path: '/course/:id/post/:id2',
    lazy: ['features/learning/Course/CourseLayout.tsx', '../shared/i18n/en/learning.ts'],
  },
  {
    path: '/EarTraining/:subpage',
    lazy: ['features/eartraining/EarTrainingPage.tsx', '../shared/i18n/en/eartraining.ts'],
  },
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface PageSize {
  path: string;
  jsGzip: number;
  cssGzip: number;
  jsBytes: number;
  cssBytes: number;
  files: FileSize[];
}

/** Where the build leaves the manifest: beside the client directory, so the server never serves it. */
export const manifestPath = (clientDir: string) => `${path.resolve(clientDir)}.manifest.json`;

function readManifest(clientDir: string): Manifest {
  const file = manifestPath(clientDir);
  if (!fs.existsSync(path.join(clientDir, 'index.html')) || !fs.existsSync(file)) {
    throw new Error(`No built client at ${clientDir} (with ${path.basename(file)}): run npm run build`);
  }
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry || !fs.existsSync(path.join(clientDir, entry.file))) {
    throw new Error(`${file} does not describe the build in ${clientDir}: run npm run build`);
  }
  return manifest;
}

/** The file the build put a source module's chunk in (`key` relative to src/client, as in the manifest). */
export function chunkFileOf(clientDir: string, key: string): string {
  const chunk = readManifest(clientDir)[key];
  if (!chunk) throw new Error(`The client build has no chunk for ${key}`);
  return chunk.file;
}

/** A manifest key and everything it imports statically, depth first, each once. */
function staticClosure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The client build has no chunk for ${key}: is measuredPages in step with routes.tsx?`);
    seen.add(key);
    staticClosure(manifest, chunk.imports ?? [], seen);
  }
  return seen;
}

export function measurePage(clientDir: string, page: PageSpec, manifest = readManifest(clientDir)): PageSize {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry) as string;
  const chunks = staticClosure(manifest, [entry, ...page.lazy]);
  const files = new Set<string>();
  for (const key of chunks) {
    const chunk = manifest[key] as ManifestChunk;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  const sizes = [...files].map((file) => {
    const content = fs.readFileSync(path.join(clientDir, file));
    return { file, bytes: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  const sum = (ext: string, key: 'bytes' | 'gzip') =>
    sizes.filter((s) => s.file.endsWith(ext)).reduce((total, s) => total + s[key], 0);
  return {
    path: page.path,
    jsGzip: sum('.js', 'gzip'),
    cssGzip: sum('.css', 'gzip'),
    jsBytes: sum('.js', 'bytes'),
    cssBytes: sum('.css', 'bytes'),
    files: sizes.sort((a, b) => b.gzip - a.gzip),
  };
}

export function measureClient(clientDir: string): PageSize[] {
  const manifest = readManifest(clientDir);
  return measuredPages.map((page) => measurePage(clientDir, page, manifest));
}
