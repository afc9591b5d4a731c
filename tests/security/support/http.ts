import { expect } from 'vitest';

/** What the suite reads of an answer. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers of every shape, error answers included
  json: any;
}

/** No request may take longer than this: a slower answer counts as a hang. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** A raw request with a deadline; the body and headers are sent exactly as given. */
export async function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit | null } = {},
): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'POST',
      headers: init.headers,
      body: init.body ?? null,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`${init.method ?? 'POST'} ${url} got no answer within ${REQUEST_TIMEOUT_MS} ms: ${error}`);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** A form body of the spec's clients: fields `req` (left out when undefined) and `data`. */
export function form(req: string | undefined, data: string): URLSearchParams {
  const body = new URLSearchParams();
  if (req !== undefined) body.set('req', req);
  body.set('data', data);
  return body;
}

/** Asserts a refusal of the API's own making: a 4xx, JSON, with a `status` and a stable `error_code`. */
export function expectErrorAnswer(answer: Answer, context: string): void {
  const where = `${context}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, where).toBeGreaterThanOrEqual(400);
  expect(answer.status, where).toBeLessThan(500);
  expect(answer.headers.get('content-type') ?? '', where).toMatch(/^application\/json/);
  expect(answer.json, where).toBeTypeOf('object');
  expect(['ERROR', 'UNAUTHORIZED'], where).toContain(answer.json?.status);
  expect(answer.json?.error_code, where).toMatch(/^[A-Z_]+$/);
  expect(answer.json?.message, where).toBeTypeOf('string');
}
