import { z } from 'zod';
import { call, endpoint, ok } from '../define';

export const plans = ['demo', 'starter', 'professional', 'enterprise'] as const;

export const site = endpoint('site.php', {
  /** Public facts about the education site named by the `site` header. */
  get_site: call({
    access: 'public',
    data: z.object({}),
    answer: z.object({
      status: ok,
      data: z.object({ Name: z.string(), Title: z.string(), Plan: z.enum(plans), RegistrationEnabled: z.boolean() }),
    }),
  }),
});
