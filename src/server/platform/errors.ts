import { type ErrorCode, errorStatus } from '../../shared/errors';

/** A failure the caller can act on: a stable code, a message, and any fields the spec's answer carries. */
export class AppError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.httpStatus = errorStatus[code];
  }
}

export const fail = (code: ErrorCode, message?: string, extra?: Record<string, unknown>): never => {
  throw new AppError(code, message, extra);
};
