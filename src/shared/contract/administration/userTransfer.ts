import { z } from 'zod';
import { userImportErrors, userImportLimits } from '../../domain/administration/userImport';
import { call, endpoint, fileCall } from '../define';
import { UserListFilters } from './users';

/** One row of an import file as read, with what is wrong with it (nothing: it can be imported). */
export const UserImportRow = z.object({
  /** Its line in the file (the header is line 1). */
  Line: z.number().int(),
  Email: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  UserType: z.number().int(),
  /** The company named, as written; '' for none. */
  Company: z.string(),
  Errors: z.array(z.enum(userImportErrors)),
});
export type UserImportRow = z.infer<typeof UserImportRow>;

export const userTransfer = endpoint('user_transfer.php', {
  /**
   * The users the filters of /users find, as a CSV file (every page, ordered by when they were created), streamed
   * however many they are.
   */
  export_users: fileCall({ access: 'staff', data: UserListFilters, file: 'text/csv' }),
  /**
   * Users from a CSV file with a header row (Email, FirstName, LastName; UserType and Company optional). Without
   * `Commit` nothing is written: the rows come back as read, each with its errors. With `Commit` every row is
   * created and invited by mail, or, if any row has an error (`IMPORT_HAS_ERRORS`), none is.
   */
  import_users: call({
    access: 'staff',
    data: z.object({
      Csv: z.string().min(1).max(userImportLimits.maxChars),
      Commit: z.boolean().default(false),
    }),
    answer: z.object({
      status: z.literal('OK'),
      data: z.array(UserImportRow),
      Valid: z.number().int(),
      Invalid: z.number().int(),
      /** How many users were created: 0 unless `Commit`. */
      Created: z.number().int(),
    }),
  }),
});
