/** Importing users from a CSV file (/users): its bounds, its columns and what can be wrong with a row. */
import { UserType } from '../roles';

export const userImportLimits = {
  /** Rows of one file: a school's intake, and the invitations one import may send. */
  maxRows: 2_000,
  /** Characters of the file, well within a request body (1 MiB). */
  maxChars: 500_000,
  /** Longest name part and address, as the profile takes them. */
  maxName: 100,
  maxEmail: 254,
} as const;

/** The header names of the columns read (case and spaces ignored); other columns are left alone. */
export const userImportColumns = {
  email: ['email', 'e-mail', 'e-post', 'epost'],
  firstName: ['firstname', 'first name', 'förnamn'],
  lastName: ['lastname', 'last name', 'efternamn'],
  userType: ['usertype', 'user type', 'type', 'typ', 'användartyp'],
  company: ['company', 'companyname', 'företag'],
} as const;

export const userImportErrors = [
  'email_missing',
  'email_invalid',
  /** The address is on an earlier row of the file. */
  'email_repeated',
  /** A user of the site has the address. */
  'email_taken',
  'first_name_missing',
  'last_name_missing',
  'name_too_long',
  'type_unknown',
  /** Only an administrator may add staff (types 2 and 8). */
  'type_not_allowed',
  'company_unknown',
  /** The company's seats are taken (by its users and the rows above). */
  'company_full',
] as const;
export type UserImportError = (typeof userImportErrors)[number];

/** The file as a whole cannot be imported: why. */
export const userImportProblems = ['unreadable', 'no_header', 'no_rows', 'too_many_rows'] as const;
export type UserImportProblem = (typeof userImportProblems)[number];

/** A user type as a file may write it: its number, or its name in English or Swedish; '' is a student. */
export function userTypeFromText(text: string): number | null {
  const value = text.trim().toLowerCase();
  if (value === '' || ['1', 'student', 'elev'].includes(value)) return UserType.student;
  if (['2', 'admin', 'administrator', 'administratör'].includes(value)) return UserType.admin;
  if (['8', 'coach', 'staff', 'personal'].includes(value)) return UserType.coach;
  return null;
}
