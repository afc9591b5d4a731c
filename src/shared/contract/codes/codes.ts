import { z } from 'zod';
import {
  codeStatuses,
  MAX_ACCESS_DAYS,
  MAX_CODE_COURSES,
  MAX_CODE_INPUT,
  MAX_CODE_NOTE,
  MAX_CODE_USES,
  MAX_CODES_PER_BATCH,
  normalizeCode,
} from '../../domain/codes/codes';
import { call, endpoint, id, isoDate, moment, noneOr, ok, pagination } from '../define';

export const CodeCourse = z.object({ Id: z.number(), Name: z.string() });

/** A code as staff see it in /codes. */
export const RegistrationCode = z.object({
  Id: z.number(),
  /** In groups: `ABCD-EFGH-JKLM-NPQR`. */
  Code: z.string(),
  Status: z.enum(codeStatuses),
  Courses: z.array(CodeCourse),
  /** Days of access from the redemption; null with `AccessUntil` null: without end. */
  AccessDays: z.number().nullable(),
  AccessUntil: isoDate.nullable(),
  UsesTotal: z.number(),
  UsesLeft: z.number(),
  RedeemedCount: z.number(),
  ValidFrom: isoDate.nullable(),
  ValidTo: isoDate.nullable(),
  Note: z.string(),
  BatchKey: z.string(),
  CreatedAt: isoDate,
});
export type RegistrationCode = z.infer<typeof RegistrationCode>;

export const Redemption = z.object({
  UserId: z.number(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  RedeemedAt: isoDate,
});

/**
 * What generating codes asks for. Days and an end date of access exclude each other, and valid to comes after valid
 * from: the server checks both (INVALID_REQUEST with the field).
 */
export const GenerateCodes = z.object({
  CourseIds: z.array(id).min(1, 'Choose at least one course').max(MAX_CODE_COURSES),
  Count: z.number().int().min(1).max(MAX_CODES_PER_BATCH),
  /** 1 for a personal code, more for a class's code. */
  Uses: z.number().int().min(1).max(MAX_CODE_USES),
  /** Days of access; 0, null or absent: none (an end date, or unlimited). */
  AccessDays: noneOr(z.number().int().min(1).max(MAX_ACCESS_DAYS), 'a number of days from 1 to 3650'),
  AccessUntil: moment,
  ValidFrom: moment,
  ValidTo: moment,
  Note: z.string().trim().max(MAX_CODE_NOTE).default(''),
});

export const codes = endpoint('codes.php', {
  /**
   * Redeems a code for the caller (any signed-in user): access to each of its courses, for its days, until its
   * date or without end. Case, spaces and dashes do not matter. Refusals: `INVALID_CODE` (no such code here, or
   * deactivated), `CODE_EXPIRED`, `CODE_ALREADY_REDEEMED` (by her, or no uses left), `ALREADY_HAS_ACCESS`,
   * `TOO_MANY_REQUESTS` with `retry_after` seconds once too many wrong codes were tried.
   */
  redeem_code: call({
    access: 'user',
    data: z.object({
      Code: z
        .string()
        .max(MAX_CODE_INPUT)
        .refine((code) => normalizeCode(code) !== '', 'Code is required'),
    }),
    answer: z.object({
      status: ok,
      /** The courses the code opened for her, and when her access ends (null: without end). */
      Courses: z.array(z.object({ Id: z.number(), Name: z.string(), AccessEndsAt: isoDate.nullable() })),
    }),
  }),
  /** Staff list the codes of their site, newest first; `Search` finds a code (any form) or a note. */
  get_codes: call({
    access: 'staff',
    data: z.object({
      Search: z.string().trim().max(MAX_CODE_NOTE).optional(),
      page: z.number().int().min(1).max(100_000).default(1),
      limit: z.number().int().min(1).max(100).default(50),
    }),
    answer: z.object({ status: ok, data: z.array(RegistrationCode), pagination, total: z.number() }),
  }),
  /** Staff generate `Count` codes (one batch) for courses of their site; the answer lists them. */
  generate_codes: call({
    access: 'staff',
    data: GenerateCodes,
    answer: z.object({ status: ok, BatchKey: z.string(), data: z.array(RegistrationCode) }),
  }),
  /** Staff deactivate a code: it becomes inactive and redeems nothing (access already given stays). */
  deactivate_code: call({
    access: 'staff',
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, data: RegistrationCode }),
  }),
  /** Staff see who redeemed a code and when, newest first. */
  get_redemptions: call({
    access: 'staff',
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, data: z.array(Redemption) }),
  }),
  /** Staff export a batch as CSV (code, status, uses, note): the file's name and text, which the page saves. */
  export_codes: call({
    access: 'staff',
    data: z.object({ BatchKey: z.string().min(1).max(40) }),
    answer: z.object({ status: ok, FileName: z.string(), Csv: z.string() }),
  }),
});
