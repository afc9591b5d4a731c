import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
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

/** Writes version.json beside index.html; the running client compares it with its own hash every 30 s. */
const versionFile = (): Plugin => ({
  name: 'version-file',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ hash, version: pkg.version }) });
  },
});

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), versionFile()],
  define: {
    __APP_HASH__: JSON.stringify(hash),
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 800,
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/version.json': 'http://localhost:3000' } },
});
