import { z } from 'zod';
import { supportedLanguages } from '../domain/language';

// In the browser the page's Content-Security-Policy forbids eval: zod must neither probe for it (`Function('')`)
// nor compile its parsers there. The server keeps the compiled parsers.
if (typeof document !== 'undefined') z.config({ jitless: true });

/** Who may make a call: anyone, a signed-in user, staff (types 2 and 8, privilegies > 50), or administrators (type 2). */
export type Access = 'public' | 'user' | 'staff' | 'admin';

export interface CallDef<D extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  access: Access;
  data: D;
  answer: A;
  /**
   * Answered for everyone while the site is in maintenance (spec §9): signing in and out, the session check and
   * what the maintenance page reads. Every other call then answers administrators only (`MAINTENANCE`).
   */
  openInMaintenance?: true;
  /**
   * The call only reads (what it writes on the side, such as presence, it leaves out for a view-as session). An
   * administrator's view-as session (docs/decisions.md, "View as this user") may make these calls alone; every
   * call not marked so is refused to it (`VIEW_AS_READ_ONLY`): a call writes unless it says it reads.
   */
  reads?: true;
  /**
   * The call answers a file of this type, streamed (an export), instead of JSON; `answer` then describes nothing
   * sent. Its refusals are JSON errors like any other call's. The client reads it with `download` (app/api.ts).
   */
  file?: string;
}

export interface EndpointDef<C extends Record<string, CallDef> = Record<string, CallDef>> {
  /** The path under /api/backend/, as the spec writes it (`login.php`, `content/get_content.php`). */
  file: string;
  calls: C;
  /** The call used when a request carries no `req` (the spec's content endpoints have none). */
  defaultCall?: keyof C & string;
  /**
   * A file upload (spec §7 `ajaxUpload.php`): a multipart body whose form fields are the data (no `data` JSON)
   * and whose `file` part is the file, at most this many bytes.
   */
  upload?: { maxFileBytes: number };
}

export const call = <D extends z.ZodType, A extends z.ZodType>(def: CallDef<D, A>): CallDef<D, A> => def;

/** A call that answers a file (`CallDef.file`): its data is checked like any call's; nothing JSON is answered. */
export const fileCall = <D extends z.ZodType>(def: {
  access: Access;
  data: D;
  file: string;
  reads?: true;
}): CallDef<D, z.ZodNever> & { file: string } => ({ ...def, answer: z.never() });

export const endpoint = <const F extends string, C extends Record<string, CallDef>>(
  file: F,
  calls: C,
  options: { defaultCall?: keyof C & string; upload?: { maxFileBytes: number } } = {},
): EndpointDef<C> & { file: F } => ({ file, calls, ...options });

export type CallData<C> = C extends { data: infer D extends z.ZodType } ? z.input<D> : never;
export type ParsedCallData<C> = C extends { data: infer D extends z.ZodType } ? z.output<D> : never;
export type CallAnswer<C> = C extends { answer: infer A extends z.ZodType } ? z.output<A> : never;

// Shared field shapes, named as the spec names them on the wire.
export const id = z.number().int().positive().max(2_147_483_647);
/**
 * A reference that may name nothing. The spec's clients send `0` where there is no id (`user_id` is 0 when signed
 * out, §3; `/user/:id` is "numeric id, otherwise 0", §2), others send `null` or leave the field out: all three
 * parse to `null`, so a call answers them alike. Anything else must be a valid `schema` (ids stay positive
 * integers). The one shape for every such field, so the convention holds call by call without being repeated.
 */
export const noneOr = <T extends z.ZodType>(schema: T, what = 'an id (a positive integer)') =>
  z
    .union([z.literal(0), schema], { error: `Invalid input: expected ${what}, or 0 or null for none` })
    .nullable()
    .optional()
    .transform((value): z.output<T> | null => (value === 0 || value === undefined ? null : (value as z.output<T>)));
/** An optional id: 0, null or absent mean none (parsed to null). */
export const optionalId = noneOr(id);
export const ok = z.literal('OK');
export const isoDate = z.string();
/** A moment given by the client: an ISO date-time (with its offset) or a day (`2026-12-31`, read as UTC); null or absent: none. */
export const moment = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .nullable()
  .optional();
export const email = z.string().trim().toLowerCase().pipe(z.email().max(254));
/** Length limits of ASVS 5.0; the strength rules live in the server's password policy. */
export const password = z.string().min(1).max(128);
export const shortText = (max = 200) => z.string().trim().min(1).max(max);

/** A language a user may choose; where it is nullable, null means not chosen (the site's default applies). */
export const LanguageChoice = z.enum(supportedLanguages);

export const pagination = z.object({ page: z.number().int(), total_pages: z.number().int() });

export const UserData = z.object({
  Id: z.number(),
  Username: z.string(),
  UserFileId: z.number().nullable(),
  UserType: z.number(),
  FirstName: z.string(),
  LastName: z.string(),
  privilegies: z.number(),
  TotalXp: z.number(),
  CollectXp: z.boolean(),
  CompanyName: z.string().nullable(),
  /** Her chosen language (`en`, `sv`), which the client takes on signing in; null: not chosen. */
  Language: LanguageChoice.nullable(),
});
export type UserData = z.infer<typeof UserData>;
