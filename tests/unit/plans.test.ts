import { describe, expect, it } from 'vitest';
import { plans, pricedPlans, TRIAL_DAYS, withinPlanLimit } from '../../src/shared/domain/site/plans';

describe('plans (spec §1)', () => {
  it('carries the published prices and limits', () => {
    expect(plans.starter).toMatchObject({
      monthlyPriceCents: 20_000,
      limits: { users: 50, courses: 3, storageMb: 500 },
    });
    expect(plans.professional).toMatchObject({
      monthlyPriceCents: 60_000,
      limits: { users: 500, courses: 15, storageMb: 4096 },
    });
    expect(plans.enterprise.monthlyPriceCents).toBeNull();
    expect(plans.demo.limits).toMatchObject({ users: 10, courses: 3, companies: 1 });
    expect(TRIAL_DAYS).toBe(30);
    expect(pricedPlans.map((plan) => plan.id)).toEqual(['starter', 'professional', 'enterprise']);
  });

  it('allows adding up to the limit and no further', () => {
    expect(withinPlanLimit({ plan: 'demo', resource: 'courses', current: 2 })).toBe(true);
    expect(withinPlanLimit({ plan: 'demo', resource: 'courses', current: 3 })).toBe(false);
    expect(withinPlanLimit({ plan: 'demo', resource: 'companies', current: 0 })).toBe(true);
    expect(withinPlanLimit({ plan: 'demo', resource: 'companies', current: 1 })).toBe(false);
    expect(withinPlanLimit({ plan: 'starter', resource: 'users', current: 45, adding: 5 })).toBe(true);
    expect(withinPlanLimit({ plan: 'starter', resource: 'users', current: 45, adding: 6 })).toBe(false);
  });

  it('sets no limit where the plan has none', () => {
    expect(withinPlanLimit({ plan: 'enterprise', resource: 'users', current: 1_000_000 })).toBe(true);
    expect(withinPlanLimit({ plan: 'starter', resource: 'companies', current: 99 })).toBe(true);
  });
});
