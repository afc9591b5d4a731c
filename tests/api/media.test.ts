import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaSigner } from '../../src/server/platform/files/media';
import { createSite, createUser, signInAs } from '../factories';
import { createMedia } from '../factories/courses';
import { testDialects } from '../support/databases';
import { startTestServer, type TestServer } from '../support/server';

const dialects = await testDialects();

/** How long a signed link stays valid at most (files/media.ts: 3 to 6 hours). */
const LINK_LIFETIME_MAX_SECONDS = 6 * 3600;

describe.each(dialects)('cache headers of media on %s', (dialect) => {
  let server: TestServer;
  let withClient: TestServer;
  let clientDir: string;
  let site: { id: number; name: string };
  beforeAll(async () => {
    server = await startTestServer(dialect);
    // The same database served with a built client, as production runs: the client's files have their own policy.
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-client-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>client</title>');
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log(1);');
    withClient = await startTestServer(dialect, { CLIENT_DIR: clientDir }, server);
    site = await createSite(server.db);
  });
  afterAll(async () => {
    await withClient.close();
    await server.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('a signed medium is private for as long as its link is valid, whole or in part', async () => {
    const media = await createMedia(server.db, { config: server.config, site, kind: 'video', mimeType: 'video/mp4' });
    const url = (await mediaSigner(server.db, site.id))(media.id);
    const expiry = Number(new URL(url, 'http://x').searchParams.get('e'));
    for (const target of [server, withClient]) {
      for (const [label, headers, status] of [
        ['whole', {}, 200],
        ['a range', { range: 'bytes=10-19' }, 206],
      ] as const) {
        const response = await fetch(`${target.url}${url}`, { headers });
        const where = `${target === server ? 'without' : 'with'} a client, ${label}`;
        expect(response.status, where).toBe(status);
        const cacheControl = response.headers.get('cache-control') ?? '';
        const maxAge = Number(/^private, max-age=(\d+)$/.exec(cacheControl)?.[1]);
        expect(cacheControl, where).toMatch(/^private, max-age=\d+$/);
        const left = expiry - Math.floor(Date.now() / 1000);
        expect(maxAge, where).toBeGreaterThan(0);
        expect(maxAge, where).toBeLessThanOrEqual(Math.min(left + 1, LINK_LIFETIME_MAX_SECONDS));
        expect(maxAge, where).toBeGreaterThanOrEqual(left - 5);
        expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
        await response.arrayBuffer();
      }
    }
    // A refused link is an API error, never kept.
    const expired = await fetch(`${withClient.url}${url.replace(/e=\d+/, 'e=1000')}`);
    expect(expired.status).toBe(403);
    expect(expired.headers.get('cache-control')).toBe('no-store');
  });

  it('a profile photo is public under its address, which never changes', async () => {
    const user = await createUser(server.db, { site });
    const token = await signInAs(server, site, user);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#22aa44' } })
      .png()
      .toBuffer();
    const { data } = (await server.upload(png, { site: site.name, token, fileName: 'me.png' })).body;
    for (const target of [server, withClient]) {
      const response = await fetch(`${target.url}/media/avatar/${data.UserFileId}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(response.headers.get('content-type')).toBe('image/webp');
    }
  });

  it('the client keeps its own policy: hashed assets for a year, pages revalidated', async () => {
    const asset = await fetch(`${withClient.url}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const page of ['/', '/faq']) {
      const response = await fetch(`${withClient.url}${page}`);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('cache-control'), page).toBe('no-cache');
    }
  });
});
