import { expect } from 'vitest';
import { type HttpAnswer, type RawAnswer, request } from '../../support/api';

/** No request may take longer than this: a slower answer counts as a hang. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** A raw request held to the suite's deadline; the body and headers are sent exactly as given. */
export const send = (
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit | null } = {},
): Promise<RawAnswer> => request(url, { ...init, timeoutMs: REQUEST_TIMEOUT_MS });

/** Asserts a refusal of the API's own making: a 4xx, JSON, with a `status` and a stable `error_code`. */
export function expectErrorAnswer(answer: HttpAnswer, context: string): void {
  // biome-ignore lint/suspicious/noExplicitAny: the body of any answer, checked field by field below
  const body = answer.body as any;
  const where = `${context}: HTTP ${answer.httpStatus} ${answer.text.slice(0, 300)}`;
  expect(answer.httpStatus, where).toBeGreaterThanOrEqual(400);
  expect(answer.httpStatus, where).toBeLessThan(500);
  expect(answer.headers.get('content-type') ?? '', where).toMatch(/^application\/json/);
  expect(body, where).toBeTypeOf('object');
  expect(['ERROR', 'UNAUTHORIZED'], where).toContain(body?.status);
  expect(body?.error_code, where).toMatch(/^[A-Z_]+$/);
  expect(body?.message, where).toBeTypeOf('string');
}
