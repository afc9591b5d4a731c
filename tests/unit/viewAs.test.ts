import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contract } from '../../src/shared/contract';
import type { CallDef, EndpointDef } from '../../src/shared/contract/define';

const calls = (Object.values(contract) as EndpointDef[]).flatMap((endpoint) =>
  Object.entries(endpoint.calls as Record<string, CallDef>).map(([name, def]) => ({ file: endpoint.file, name, def })),
);

describe('the calls a view-as session may make (docs/decisions.md, "View as this user")', () => {
  it('are the reading calls a student’s pages make, and no call that writes', () => {
    // A call is writing unless it says it reads: adding one here is a decision that it writes nothing as her (or
    // leaves out what it writes on the side for a view-as session, as get_messages leaves out her presence).
    const reading = calls.filter((c) => c.def.reads).map((c) => `${c.file} ${c.name}`);
    expect(reading.sort()).toEqual(
      [
        'auth.php auth_user',
        'news.php get_latest_news',
        'news.php get_news_list',
        'news.php get_news_item',
        'content/get_content.php get_content',
        'site.php get_site',
        'course.php get_course',
        'course.php get_my_courses',
        'course.php get_free_lessons',
        'course.php get_free_lesson',
        'achievements.php get_achievements',
        'achievements.php get_achievement',
        'certificates.php get_certificates',
        'certificates.php download_certificate',
        'certificates.php verify_certificate',
        'profile.php get_profile',
        'resources.php get_resources',
        'messages.php get_messages',
        'coach_manager.php get_coaches',
        'user_exam.php get_user_exam',
        'view_as.php get_view_as_log',
        'eartraining.php get_progress',
        'eartraining.php get_settings',
        'eartraining.php get_xp_rules',
        'products.php get_products',
        'products.php get_shop',
        'products.php get_product',
        'products.php get_product_list',
        'products.php get_product_admin',
        'orders.php get_order',
        'orders.php get_my_orders',
        'orders.php get_checkout_options',
        'orders.php get_orders',
        'shop.php get_shop_settings',
        'shop.php get_discount_codes',
        'bookings.php get_coaches',
        'bookings.php get_slots',
        'bookings.php get_my_bookings',
        'bookings.php get_availability',
        'bookings.php get_schedule',
        'bookings.php find_learners',
        'accounting.php get_invoices',
        'accounting.php get_invoice',
        'accounting.php get_customers',
        'accounting.php get_customer',
        'accounting.php get_books',
        'accounting.php get_balance_report',
        'accounting.php get_income_report',
        'accounting.php get_vouchers',
        'accounting.php get_mainbook',
        'accounting.php get_oss',
        'accounting.php get_vat_return',
        'accounting.php get_ec_sales',
        'accounting.php get_settlements',
        'accounting.php get_settlement',
        'accounting.php get_audit_trail',
        'surveys.php get_surveys',
        'surveys.php get_survey_choices',
        'surveys.php get_survey_admin',
        'surveys.php get_survey',
        'surveys.php get_course_survey',
        'surveys.php get_survey_results',
        'statistics.php get_learner_statistics',
        'statistics.php get_course_statistics',
        'statistics.php get_course_funnel',
        'statistics.php get_engagement_statistics',
        'statistics.php get_sales_statistics',
        'statistics.php get_gradebook',
      ].sort(),
    );
    // Signing out, uploads and every file answer's call are not among them.
    expect(reading).not.toContain('login.php sign_out');
    expect(calls.filter((c) => c.def.file && c.def.reads)).toEqual([]);
  });

  it('are the ones docs/api.md names', () => {
    const doc = readFileSync('docs/api.md', 'utf8');
    const section = doc.slice(doc.indexOf('**View-as sessions are read-only.**'), doc.indexOf('### Error codes'));
    for (const c of calls.filter((call) => call.def.reads)) expect(section).toContain(`\`${c.name}\``);
  });
});
