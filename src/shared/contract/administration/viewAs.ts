import { z } from 'zod';
import { VIEW_AS_REASON_MAX, viewAsEndings, viewAsLogLimit } from '../../domain/administration/viewAs';
import { call, endpoint, id, isoDate, ok, optionalId, pagination } from '../define';

/** One use of "view as this user": who viewed whom, why, and when and how it ended. */
export const ViewAsEntry = z.object({
  Id: z.number(),
  UserId: z.number(),
  UserName: z.string(),
  /** Null once the administrator's account is gone. */
  ViewerId: z.number().nullable(),
  ViewerName: z.string().nullable(),
  Reason: z.string(),
  StartedAt: isoDate,
  /** When it ends at the latest (30 minutes after it began). */
  ExpiresAt: isoDate,
  /** Null while it lasts. */
  EndedAt: isoDate.nullable(),
  /** How it ended; null while it lasts. */
  EndedHow: z.enum(viewAsEndings).nullable(),
});
export type ViewAsEntry = z.infer<typeof ViewAsEntry>;

/**
 * `view_as.php`: an administrator views the site as one of its students, read-only, for 30 minutes at most
 * (docs/decisions.md, "View as this user"). Administrators (type 2) only; the administrator's own session makes
 * these calls, never the view-as session.
 */
export const viewAs = endpoint('view_as.php', {
  /**
   * Starts viewing as a student of the site, for a reason: a session of hers that only reads, its token for the
   * client to use in place of the administrator's, and the log entry (`Id`) that ends it.
   */
  start_view_as: call({
    access: 'admin',
    data: z.object({
      Id: id,
      Reason: z
        .string()
        .trim()
        .min(1, 'Give a reason for viewing as this user')
        .max(VIEW_AS_REASON_MAX, `Keep the reason to ${VIEW_AS_REASON_MAX} characters`),
    }),
    answer: z.object({
      status: ok,
      data: z.object({ Token: z.string(), Entry: ViewAsEntry }),
    }),
  }),
  /** Ends a view-as the caller started (by its log entry); one already over answers as it ended. */
  end_view_as: call({
    access: 'admin',
    data: z.object({ Id: id }),
    answer: z.object({ status: ok, data: ViewAsEntry }),
  }),
  /** The log of view-as uses on the site, newest first: of one user (`UserId`), or of everyone. */
  get_view_as_log: call({
    access: 'admin',
    reads: true,
    data: z.object({
      UserId: optionalId,
      Page: z.number().int().min(1).max(100_000).default(1),
      Limit: z.number().int().min(1).max(viewAsLogLimit.max).default(viewAsLogLimit.default),
    }),
    answer: z.object({
      status: ok,
      data: z.array(ViewAsEntry),
      pagination: pagination.extend({ total: z.number() }),
    }),
  }),
});
