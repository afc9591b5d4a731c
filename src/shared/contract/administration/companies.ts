import { z } from 'zod';
import {
  companyListLimit,
  companySearchMax,
  isOrgNumber,
  isPhoneNumber,
  MAX_COMPANY_NAME,
  MAX_COMPANY_NOTES,
  MAX_CONTACT_NAME,
  MAX_CONTACT_PHONE,
  MAX_ORG_NUMBER,
  MAX_SEATS,
  MAX_USERS_PER_ADD,
} from '../../domain/administration/companies';
import { call, email, endpoint, id, isoDate, noneOr, ok, optionalId, pagination, shortText } from '../define';

/** A company (a business customer) as /admin/companies lists it: its seats in use and paid for. */
export const CompanyListItem = z.object({
  Id: z.number(),
  Name: z.string(),
  /** The users it pays for; null: no limit. */
  Seats: z.number().nullable(),
  /** Its users: the seats in use. */
  UserCount: z.number(),
  ContactName: z.string(),
  ContactEmail: z.string(),
  CreatedAt: isoDate,
});
export type CompanyListItem = z.infer<typeof CompanyListItem>;

/** A company with everything its form edits. */
export const CompanyDetails = CompanyListItem.extend({
  ContactPhone: z.string(),
  OrgNumber: z.string(),
  Notes: z.string(),
  UpdatedAt: isoDate,
});
export type CompanyDetails = z.infer<typeof CompanyDetails>;

/** A user of a company. */
export const CompanyUser = z.object({
  Id: z.number(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  UserType: z.number(),
});
export type CompanyUser = z.infer<typeof CompanyUser>;

const page = z.number().int().min(1).max(1_000_000).default(1);
const limit = z.number().int().min(1).max(companyListLimit.max).default(companyListLimit.default);
const search = z.string().trim().max(companySearchMax).default('');
/** An optional text of the form: '' when not given. */
const optionalText = (max: number) => z.string().trim().max(max).default('');

/** What the company form saves. Id 0 (or absent) creates a company. */
export const SaveCompany = z.object({
  Id: optionalId,
  Name: shortText(MAX_COMPANY_NAME),
  /** The users it pays for, at least its users now; 0, null or absent: no limit. */
  Seats: noneOr(z.number().int().min(1).max(MAX_SEATS), `a number of seats from 1 to ${MAX_SEATS}`),
  ContactName: optionalText(MAX_CONTACT_NAME),
  ContactEmail: z.union([z.literal(''), email]).default(''),
  ContactPhone: optionalText(MAX_CONTACT_PHONE).refine(
    (value) => value === '' || isPhoneNumber(value),
    'A telephone number: digits, with an optional + first',
  ),
  OrgNumber: optionalText(MAX_ORG_NUMBER).refine(
    (value) => value === '' || isOrgNumber(value),
    'An organisation or VAT number: letters, digits, spaces and dashes, with at least four digits',
  ),
  Notes: optionalText(MAX_COMPANY_NOTES),
});
export type SaveCompany = z.input<typeof SaveCompany>;

export const companies = endpoint('companies.php', {
  /** The site's companies by name, searched by name or contact, with their seats in use and paid for. */
  get_company_list: call({
    access: 'staff',
    data: z.object({ Search: search, Page: page, Limit: limit }),
    answer: z.object({
      status: ok,
      data: z.array(CompanyListItem),
      pagination: pagination.extend({ total: z.number().int() }),
    }),
  }),
  /** A company of the site with one page of its users by name (`Search` narrows them). NOT_FOUND elsewhere. */
  get_company: call({
    access: 'staff',
    data: z.object({ Id: id, Search: search, Page: page, Limit: limit }),
    answer: z.object({
      status: ok,
      data: CompanyDetails,
      users: z.array(CompanyUser),
      pagination: pagination.extend({ total: z.number().int() }),
    }),
  }),
  /**
   * Creates (Id 0) or changes a company. `NAME_TAKEN` when the site has a company of that name in any case,
   * `SEATS_EXCEEDED` (with `seats` and `users`) for seats below its users, `PLAN_LIMIT` (with `limit`) when the
   * site's plan allows no more companies.
   */
  save_company: call({
    access: 'staff',
    data: SaveCompany,
    answer: z.object({ status: ok, data: CompanyDetails }),
  }),
  /** Deletes a company that has no users; `COMPANY_NOT_EMPTY` (with `users`) otherwise. */
  delete_company: call({
    access: 'staff',
    data: z.object({ Id: id }),
    answer: z.object({ status: ok }),
  }),
  /**
   * Puts users of the site in the company, moving them from any other (a user has one company): all of them or,
   * on any refusal, none. `SEATS_EXCEEDED` (with `seats`, `users` and `adding`) when they would not fit its seats;
   * NOT_FOUND when a user is not the site's. `Added` counts those new to it, `Moved` those of them that left another.
   */
  add_company_users: call({
    access: 'staff',
    data: z.object({ CompanyId: id, UserIds: z.array(id).min(1).max(MAX_USERS_PER_ADD) }),
    answer: z.object({ status: ok, data: CompanyDetails, Added: z.number(), Moved: z.number() }),
  }),
  /** Takes a user out of the company (she keeps her account and access); NOT_FOUND when she is not in it. */
  remove_company_user: call({
    access: 'staff',
    data: z.object({ CompanyId: id, UserId: id }),
    answer: z.object({ status: ok, data: CompanyDetails }),
  }),
});
