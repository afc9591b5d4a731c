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

/** A field of a call's data that is wrong: its path (`data.BlockId`) and what is wrong with it. */
export interface FieldError {
  field: string;
  message: string;
  /** For a text longer than its limit: the most characters it may have. */
  max?: number;
}

/** The INVALID_REQUEST answer to wrong fields (docs/api.md "Validation"): every check of data refuses this way. */
export const invalidFields = (...fields: FieldError[]): AppError =>
  new AppError('INVALID_REQUEST', `Invalid data: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`, {
    fields,
  });
