import { z } from 'zod';
import { DEFAULT_EDIT_INACTIVITY_MINUTES } from '../../domain/authoring/lock';
import { call, endpoint, id, noneOr, ok, shortText } from '../define';
import { languageKey } from './partContent';

/** A course's state in /Courses (spec §4 content states). */
export const CourseState = z.enum(['published', 'unpublished', 'draft']);
export type CourseState = z.infer<typeof CourseState>;

export const CourseListItem = z.object({
  Id: z.number(),
  Name: z.string(),
  Status: CourseState,
  /** Number of parts of the course. */
  Parts: z.number(),
  /** Learners holding access to the course (expired access included: they were enrolled). */
  Learners: z.number(),
  Archived: z.boolean(),
  /** Who edits the course now: the holder of its edit lock (`course_lock.php`); null when nobody or it has lapsed. */
  LockedByUserId: z.number().nullable(),
  LockedByUsername: z.string().nullable(),
});
export type CourseListItem = z.infer<typeof CourseListItem>;

/** Months a certificate may stay valid (the settings form offers these). */
export const validityPeriods = [3, 6, 12, 24, 36] as const;
/** The inactivity limit of a course's editing, in minutes (spec §4: 45 by setting, 30 by default). */
export const inactivityLimit = { min: 5, max: 240, default: DEFAULT_EDIT_INACTIVITY_MINUTES } as const;

const positiveInt = (max: number) => z.number().int().positive().max(max);

/** The longest course description. */
export const DESCRIPTION_MAX = 100_000;

/** A course's name and description in a language other than its default; an empty field is not translated. */
export const CourseTranslationFields = z.object({
  Name: z.string().max(200),
  Description: z.string().max(DESCRIPTION_MAX),
});
export type CourseTranslationFields = z.infer<typeof CourseTranslationFields>;

/** The settings of a course as the form edits them; the validity-period rule is spec §5's. */
export const CourseSettingsFields = z
  .object({
    Name: shortText(200),
    /** Absent: left as it is (as are the translations). */
    Description: z.string().max(DESCRIPTION_MAX).optional(),
    /**
     * The name and description in the course's other languages (spec §1), by language code: a learner reading one
     * sees them, else the course's own. Absent: left as they are; a language left out is no longer translated.
     */
    Translations: z.record(languageKey, CourseTranslationFields).optional(),
    Status: CourseState,
    /** 1: a reward box on every page; 2: xp on progress (spec §4). */
    ProgressEvent: z.union([z.literal(1), z.literal(2)]),
    XpPerReward: positiveInt(1000),
    CertificateEnabled: z.boolean(),
    CertificateExpires: z.boolean(),
    /** Months; 0, null or absent: none chosen. */
    CertificateValidityMonths: noneOr(positiveInt(120), 'a number of months from 1 to 120'),
    /** Staff of the site who coach the course, in order (the first is asked from the course's help button). */
    CoachIds: z.array(id).max(50),
    FooterCoachText: z.string().max(2000),
    /** `FooterMentorCopy.UseCustomText` (spec §7): the course's footer coach text replaces the default one. */
    UseCustomFooterText: z.boolean(),
    InactivityMinutes: z.number().int().min(inactivityLimit.min).max(inactivityLimit.max),
  })
  .refine((s) => !s.CertificateExpires || s.CertificateValidityMonths !== null, {
    path: ['CertificateValidityMonths'],
    message: 'Please select a validity period',
  });
export type CourseSettingsFields = z.infer<typeof CourseSettingsFields>;

/** A staff member who may coach a course. */
export const CoachOption = z.object({ Id: z.number(), Name: z.string() });

const courseId = z.object({ CourseId: id });

export const courseManager = endpoint('course_manager.php', {
  /** The site's courses for /Courses, archived ones included (marked), in the course order. */
  get_courses: call({
    access: 'staff',
    data: z.object({}),
    answer: z.object({ status: ok, data: z.array(CourseListItem) }),
  }),
  /** A new course of this name: an empty draft, unpublished, with the default settings. */
  create_course: call({
    access: 'staff',
    data: z.object({ Name: shortText(200) }),
    answer: z.object({ status: ok, data: CourseListItem }),
  }),
  rename_course: call({
    access: 'staff',
    data: courseId.extend({ Name: shortText(200) }),
    answer: z.object({ status: ok, data: CourseListItem }),
  }),
  /**
   * A copy of the course: its parts, blocks, achievements, coaches and settings, as a draft named `Name` (default
   * "<name> (copy)"). Learners, their access and their progress are not copied.
   */
  duplicate_course: call({
    access: 'staff',
    data: courseId.extend({ Name: shortText(200).optional() }),
    answer: z.object({ status: ok, data: CourseListItem }),
  }),
  /** Archived courses are closed to learners and listed apart; restoring opens them as they were. */
  archive_course: call({
    access: 'staff',
    data: courseId,
    answer: z.object({ status: ok, data: CourseListItem }),
  }),
  restore_course: call({
    access: 'staff',
    data: courseId,
    answer: z.object({ status: ok, data: CourseListItem }),
  }),
  /**
   * A course's settings, the site's staff who may coach it, and the language the course is written in (its
   * translations are in the others).
   */
  get_course_settings: call({
    access: 'staff',
    data: courseId,
    answer: z.object({
      status: ok,
      data: CourseSettingsFields,
      coaches: z.array(CoachOption),
      DefaultLanguage: z.string(),
    }),
  }),
  /**
   * Saves every setting at once; enabled expiry without a validity period is refused (spec §5), and so is a
   * translation into a language that is not one of the course's others.
   */
  save_course_settings: call({
    access: 'staff',
    data: z.object({ CourseId: id, Settings: CourseSettingsFields }),
    answer: z.object({ status: ok, data: CourseSettingsFields }),
  }),
});
