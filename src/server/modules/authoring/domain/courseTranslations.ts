import type { CourseTranslationFields } from '../../../../shared/contract/authoring/courses';
import { type CourseTranslation, readCourseTranslations } from '../../../../shared/domain/learning/translations';

/** A course's translations as the settings form edits them, by language: an untranslated field is empty. */
export function presentCourseTranslations(json: string): Record<string, CourseTranslationFields> {
  return Object.fromEntries(
    Object.entries(readCourseTranslations(json)).map(([language, t]) => [
      language,
      { Name: t.name ?? '', Description: t.description ?? '' },
    ]),
  );
}

/**
 * A course's translations as stored, from what the settings form sent: empty fields and languages left out, the
 * languages in a fixed order (an unchanged course stores the same text).
 */
export function courseTranslationsJson(byLanguage: Record<string, CourseTranslationFields>): string {
  const stored: Record<string, CourseTranslation> = {};
  for (const [language, fields] of Object.entries(byLanguage).sort(([a], [b]) => a.localeCompare(b))) {
    const translation: CourseTranslation = {};
    if (fields.Name.trim() !== '') translation.name = fields.Name.trim();
    if (fields.Description.trim() !== '') translation.description = fields.Description;
    if (translation.name !== undefined || translation.description !== undefined) stored[language] = translation;
  }
  return JSON.stringify(stored);
}

/** A course's stored translations without its name's: a copy named anew keeps only its description's. */
export function withoutNameTranslations(json: string): string {
  const stored: Record<string, CourseTranslation> = {};
  for (const [language, t] of Object.entries(readCourseTranslations(json))) {
    if (t.description !== undefined) stored[language] = { description: t.description };
  }
  return JSON.stringify(stored);
}

/**
 * The languages (of `languages`, the course's others) the course's name, or its description when it has one, is
 * not written in yet.
 */
export function courseMissingTranslations(
  course: { name: string; description: string; translations: string },
  languages: readonly string[],
): string[] {
  const written = readCourseTranslations(course.translations);
  return languages.filter((language) => {
    const t = written[language];
    if (course.name.trim() !== '' && t?.name === undefined) return true;
    return course.description.trim() !== '' && t?.description === undefined;
  });
}
