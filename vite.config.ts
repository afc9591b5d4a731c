import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string };

/** The commit the build comes from, or a hash of the sources when there is no git. */
function buildHash(): string {
  try {
    const commit = execSync('git rev-parse --short=12 HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    const dirty = execSync('git status --porcelain src', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    return dirty ? `${commit}-${createHash('sha1').update(dirty).digest('hex').slice(0, 6)}` : commit;
  } catch {
    return createHash('sha1').update(String(Date.now())).digest('hex').slice(0, 12);
  }
}

const hash = buildHash();

/**
 * Moves Vite's manifest (which chunk each source module landed in, what it imports) from the served directory to
 * `<outDir>.manifest.json` beside it: the size benchmark reads it, browsers have no use for it.
 */
const manifestBesideClient = (): Plugin => ({
  name: 'manifest-beside-client',
  apply: 'build',
  writeBundle(options) {
    if (!options.dir) return;
    const viteDir = path.join(options.dir, '.vite');
    fs.renameSync(path.join(viteDir, 'manifest.json'), `${path.resolve(options.dir)}.manifest.json`);
    fs.rmSync(viteDir, { recursive: true, force: true });
  },
});

/** Writes version.json beside index.html; the running client compares it with its own hash every 30 s. */
const versionFile = (): Plugin => ({
  name: 'version-file',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ hash, version: pkg.version }) });
  },
});

/**
 * Writes a brotli and a gzip copy beside every text file of the build, compressed once at their best levels; the
 * server sends the one the browser accepts (@fastify/static `preCompressed`) instead of compressing per request.
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    if (!options.dir) return;
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
      const file = path.join(options.dir, fileName);
      const content = fs.readFileSync(file);
      if (content.length < 1024) continue;
      fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
      );
    }
  },
});

export default defineConfig(({ command }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), versionFile(), manifestBesideClient(), precompress()],
  define: {
    __APP_HASH__: JSON.stringify(hash),
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // Lazy chunks by their hash alone: the entry lists every chunk a page needs (to preload them side by side),
        // and the names made a kilobyte of the first load; the manifest still maps sources to chunks. Seven
        // characters of hash (42 bits; the bundler's least for up to 4,096 chunks) instead of eight save the first
        // load a byte per chunk it names.
        chunkFileNames: 'assets/c[hash:7].js',
        codeSplitting: {
          // Everything the entry imports statically is loaded by every first page anyway: one chunk compresses
          // better than the dozen small shared chunks automatic splitting would make of it.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  resolve: {
    // React Router's package exports name its development build under every condition; a build takes the
    // production build the package ships beside it (no development warnings and checks).
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: path.resolve('node_modules/react-router/dist/production/index.mjs') }]
        : [],
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/version.json': 'http://localhost:3000' } },
}));
