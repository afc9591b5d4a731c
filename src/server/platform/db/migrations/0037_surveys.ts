import type { Kysely } from 'kysely';
import { migrationHelpers } from './helpers';

/**
 * Surveys (modules/surveys): a survey with its texts in each language and who may answer it, its questions, the
 * responses with their answers, and who has answered. An anonymous survey's response names no one: no user, no
 * company, and only the day it came; that its respondent answered is kept apart (`survey_participants`, without ids
 * or times), so she answers once and no row ties her to what she said.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was, not as it is
export async function up(db: Kysely<any>): Promise<void> {
  const h = migrationHelpers(db);
  await h.tenantTable('surveys', (t) =>
    t
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('anonymous', 'integer', (c) => c.notNull())
      .addColumn('audience', 'text', (c) => c.notNull())
      .addColumn('audience_id', 'integer')
      .addColumn('opens_at', h.timestamp)
      .addColumn('closes_at', h.timestamp)
      .addColumn('allow_change', 'integer', (c) => c.notNull())
      .addColumn('after_course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
      .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null')),
  );
  await h.index('surveys', ['site_id', 'status']);

  await h.tenantTable('survey_questions', (t) =>
    t
      .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('required', 'integer', (c) => c.notNull())
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('option_count', 'integer', (c) => c.notNull())
      .addColumn('scale_min', 'integer', (c) => c.notNull())
      .addColumn('scale_max', 'integer', (c) => c.notNull()),
  );
  await h.index('survey_questions', ['survey_id', 'position']);

  await h.tenantTable('survey_responses', (t) =>
    t
      .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
      .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
      .addColumn('submitted_on', 'text', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('survey_responses_survey_user')
    .unique()
    .on('survey_responses')
    .columns(['survey_id', 'user_id'])
    .execute();
  await h.index('survey_responses', ['survey_id', 'submitted_on']);

  await db.schema
    .createTable('survey_participants')
    .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('survey_participants_pk', ['survey_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('survey_answers')
    .addColumn('id', 'integer', (c) =>
      h.postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('response_id', 'integer', (c) => c.notNull().references('survey_responses.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('survey_questions.id').onDelete('cascade'))
    .addColumn('choice', 'integer')
    .addColumn('choices', 'text')
    .addColumn('value', 'integer')
    .addColumn('text', 'text')
    .execute();
  await h.index('survey_answers', ['response_id']);
  await h.index('survey_answers', ['question_id']);
}
