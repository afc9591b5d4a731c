import { z } from 'zod';
import { call, email, endpoint, ok, password, shortText } from '../define';
import { personName } from '../identity/register';

const code = z.string().trim().min(1).max(200);

/**
 * Self-service trials (spec §1: a 30-day free trial), when the operator allows them (TRIAL_DOMAIN): a visitor
 * verifies her address, names her school and becomes the administrator of a new site on trial.
 */
export const trial = endpoint('trial.php', {
  /** Whether schools may start a trial here, at which domain, and whom to write to otherwise. */
  get_trial_options: call({
    access: 'public',
    data: z.object({}),
    answer: z.object({
      status: ok,
      data: z.object({
        SelfService: z.boolean(),
        /** The domain a new school's address ends in (`<name>.<Domain>`); null without self-service. */
        Domain: z.string().nullable(),
        ContactEmail: z.string().nullable(),
        TrialDays: z.number().int(),
      }),
    }),
  }),
  /** Mails a single-use link to the address; the same answer whatever the address has. */
  request_trial: call({
    access: 'public',
    data: z.object({ email }),
    answer: z.object({ status: ok }),
  }),
  /** Whether a link still works, and the address it was sent to (which the form shows). */
  check_trial: call({
    access: 'public',
    data: z.object({ code }),
    answer: z.object({ status: ok, data: z.object({ Email: z.string(), Domain: z.string() }) }),
  }),
  /**
   * Uses the link: makes the school's site (demo plan, on trial, registration off, no demo content), its host
   * and her as its administrator. Answers where to sign in.
   */
  start_trial: call({
    access: 'public',
    data: z.object({
      code,
      SchoolName: shortText(200),
      /** Its rules (length, DNS label, reserved names) are the service's, so the form is told which one failed. */
      SiteName: z.string().trim().toLowerCase().min(1).max(100),
      FirstName: personName,
      LastName: personName,
      password,
    }),
    answer: z.object({
      status: ok,
      data: z.object({ SiteName: z.string(), Host: z.string(), SignInUrl: z.string(), Email: z.string() }),
    }),
  }),
});
