/** The pricing plans of spec §1, as data: the home page shows them and the server enforces their limits. */
export const planIds = ['demo', 'starter', 'professional', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

/** Whether a stored or typed plan name is one of the plans. */
export const isPlanId = (name: string): name is PlanId => (planIds as readonly string[]).includes(name);

export type LimitedResource = 'users' | 'courses' | 'storageMb' | 'companies';

/** A limit of `null` means the plan sets none (enterprise limits are agreed per contract). */
export type PlanLimits = Record<LimitedResource, number | null>;

export interface Plan {
  id: PlanId;
  /** Price per month in euro cents; `null` for a price on request or no price (demo). */
  monthlyPriceCents: number | null;
  currency: 'EUR';
  limits: PlanLimits;
}

export const TRIAL_DAYS = 30;

/** Administrators are told on every page that the trial ends from this many days before its end, and after. */
export const TRIAL_NOTICE_DAYS = 7;

export const plans: Readonly<Record<PlanId, Plan>> = {
  demo: {
    id: 'demo',
    monthlyPriceCents: null,
    currency: 'EUR',
    // The spec gives the demo no storage figure; it gets the smallest paid plan's.
    limits: { users: 10, courses: 3, storageMb: 500, companies: 1 },
  },
  starter: {
    id: 'starter',
    monthlyPriceCents: 200_00,
    currency: 'EUR',
    limits: { users: 50, courses: 3, storageMb: 500, companies: null },
  },
  professional: {
    id: 'professional',
    monthlyPriceCents: 600_00,
    currency: 'EUR',
    limits: { users: 500, courses: 15, storageMb: 4 * 1024, companies: null },
  },
  enterprise: {
    id: 'enterprise',
    monthlyPriceCents: null,
    currency: 'EUR',
    limits: { users: null, courses: null, storageMb: null, companies: null },
  },
};

/** The plans a customer can buy, in the order the pricing section shows them. */
export const pricedPlans: readonly Plan[] = [plans.starter, plans.professional, plans.enterprise];

/** Whether a site on `plan` that already has `current` of `resource` may add `adding` more. */
export function withinPlanLimit(opts: {
  plan: PlanId;
  resource: LimitedResource;
  current: number;
  adding?: number;
}): boolean {
  const limit = plans[opts.plan].limits[opts.resource];
  return limit === null || opts.current + (opts.adding ?? 1) <= limit;
}
