import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  beforeFailing,
  call,
  callBody,
  onUnauthorized,
  URLENCODED_MAX_CHARS,
  upload,
} from '../../src/client/app/api';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Stubs fetch with one answer and records what the client sent. */
function answerWith(response: Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, headers: init.headers as Record<string, string>, body: init.body });
      return response;
    }),
  );
  return sent;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the API client', () => {
  const stored = new Map<string, string>();
  beforeEach(() => {
    stored.clear();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a failed call rejects only once what it waits for before failing (the error texts) has arrived', async () => {
    answerWith(json({ status: 'ERROR', error_code: 'NOT_FOUND' }));
    let textsArrive = () => {};
    const texts = new Promise<void>((resolve) => {
      textsArrive = resolve;
    });
    beforeFailing(() => texts);
    try {
      let settled = false;
      const failing = call('news.php', 'get_latest_news', {}).finally(() => {
        settled = true;
      });
      failing.catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settled).toBe(false);
      textsArrive();
      await expect(failing).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      beforeFailing(() => Promise.resolve());
    }
  });

  it('sends a call as urlencoded req and data, with the site and the token', async () => {
    stored.set('user-token', 'secret-token');
    const sent = answerWith(json({ status: 'OK', data: [] }));
    await call('news.php', 'get_latest_news', { user_id: 7 });
    expect(sent).toHaveLength(1);
    const [request] = sent as [Sent];
    expect(request.url).toBe('/api/backend/news.php');
    expect(request.headers).toMatchObject({
      site: 'main',
      Authorization: 'secret-token',
      'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
    });
    const form = new URLSearchParams(request.body as string);
    expect(form.get('req')).toBe('get_latest_news');
    expect(JSON.parse(form.get('data') ?? '')).toEqual({ user_id: 7 });
  });

  it("asks for the app's language, which the server writes its texts in (mails, certificates)", async () => {
    await i18next.init({ lng: 'en', resources: {}, initAsync: false });
    const asked = async () => {
      const sent = answerWith(json({ status: 'OK', data: [] }));
      await call('news.php', 'get_latest_news', { user_id: 7 });
      return sent[0]?.headers['Accept-Language'];
    };
    expect(await asked()).toBe('en');
    await i18next.changeLanguage('sv');
    expect(await asked()).toBe('sv');
    await i18next.changeLanguage('en');
  });

  it('keeps text that percent-encoding would swell past the limit as multipart', () => {
    const small = callBody('save', { content: 'å"<p>'.repeat(10) });
    expect(typeof small.body).toBe('string');
    expect(String(small.body).length).toBeLessThan(URLENCODED_MAX_CHARS);
    // 150,000 characters (page texts may have 200,000): about 570,000 once percent-encoded, 300,000 bytes as they are.
    const large = callBody('save', { content: 'å"<p>'.repeat(30_000) });
    expect(large.body).toBeInstanceOf(FormData);
    expect(large.contentType).toBeUndefined();
    const form = large.body as FormData;
    expect(form.get('req')).toBe('save');
    expect(JSON.parse(String(form.get('data'))).content).toHaveLength(150_000);
  });

  it('uploads a file as multipart: the data as text fields and the file part, no JSON data field', async () => {
    const sent = answerWith(json({ status: 'OK', newFilename: 'a.webp', data: { UserFileId: 3 } }));
    const photo = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    const answer = await upload('ajaxUpload.php', { folder: 'profile' }, photo);
    expect(answer.data.UserFileId).toBe(3);
    const [request] = sent as [Sent];
    expect(request.url).toBe('/api/backend/ajaxUpload.php');
    // The browser writes the multipart boundary into the content type itself.
    expect(request.headers['Content-Type']).toBeUndefined();
    const form = request.body as FormData;
    expect(form.get('folder')).toBe('profile');
    expect(form.has('data')).toBe(false);
    expect(form.has('req')).toBe(false);
    const file = form.get('file') as File;
    expect(file.name).toBe('me.png');
    expect(file.size).toBe(3);
  });

  it('reads a proxy refusing an upload as too large as FILE_TOO_LARGE', async () => {
    answerWith(new Response('<html>413</html>', { status: 413 }));
    const error = await upload('ajaxUpload.php', { folder: 'profile' }, new Blob(['x'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('FILE_TOO_LARGE');
  });

  it('tells the shell when the server says the stored session is dead', async () => {
    stored.set('user-token', 'dead-token');
    answerWith(json({ status: 'UNAUTHORIZED', error_code: 'UNAUTHORIZED' }, 401));
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    const error = await call('auth.php', 'auth_user', { token: 'dead-token', access: {} }).catch((e: unknown) => e);
    stop();
    expect((error as ApiError).code).toBe('UNAUTHORIZED');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
