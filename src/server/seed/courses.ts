import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BlockType } from '../../shared/domain/learning/course';
import type { Config } from '../platform/config';
import { type Db, now } from '../platform/db';
import type { MediaKind } from '../platform/db/schema';
import { uploadDir } from '../platform/files/media';
import { sanitizeRichText } from '../platform/lib/sanitize';
import { seedDemoMessages } from './messages';

const mediaDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'media');

interface SeedBlock {
  type: BlockType;
  title?: string;
  /** Post blocks: the key of the part they link to. */
  post?: string;
  mentorOnly?: boolean;
  content?: Record<string, unknown>;
}

interface SeedPart {
  key: string;
  name: string;
  criteria: string;
  postType?: number;
  published?: boolean;
  publishInDays?: number;
  free?: boolean;
  mentorOnly?: boolean;
  videoLength?: number;
  icon?: string;
  blocks: SeedBlock[];
}

const text = (html: string): SeedBlock => ({ type: 'Text', content: { html } });

const question = (id: string, textValue: string, options: string[], correct: number[], multiple = false) => ({
  id,
  text: textValue,
  multiple,
  options: options.map((option, index) => ({ id: `${id}${String.fromCharCode(97 + index)}`, text: option })),
  correct: correct.map((index) => `${id}${String.fromCharCode(97 + index)}`),
});

/** The demo course: every block kind, two short episodes, a draft, a mentor-only and a scheduled part. */
const demoParts: SeedPart[] = [
  {
    key: 'welcome',
    name: 'Welcome to the course',
    criteria: 'visit',
    free: true,
    icon: 'home',
    blocks: [
      text(
        '<h2>Welcome!</h2><p>In this course you learn how sound works and how to shape it. Move through the pages with <strong>Forward</strong>, take the reward on each page, and finish with a certificate.</p>',
      ),
      {
        type: 'Image',
        title: 'A sound wave',
        content: { media: 'waveform', alt: 'A blue sine wave', caption: 'A pure tone, drawn as a wave.' },
      },
      {
        type: 'Column',
        title: 'What you will learn',
        content: {
          columns: [
            { html: '<h3>Listen</h3><p>Hear the difference between pitch, loudness and colour.</p>' },
            { html: '<h3>Shape</h3><p>Use what you hear to make your first beat.</p>' },
          ],
        },
      },
      {
        type: 'Link',
        title: 'Glossary of audio terms',
        content: {
          url: 'https://en.wikipedia.org/wiki/Glossary_of_audio_terms',
          description: 'Look up a word whenever you meet a new one.',
        },
      },
      { type: 'YouTube', title: 'How sound travels', content: { videoId: 'px3oVGXr4mo' } },
      {
        type: 'Reward',
        title: 'Your first reward',
        content: { html: '<p>Every page gives you xp. Take it from the reward box!</p>' },
      },
    ],
  },
  {
    key: 'chapter',
    name: 'Chapter 1: Sound',
    criteria: 'visit',
    icon: 'book',
    blocks: [
      text('<p>This chapter has two short episodes. Watch each one to the end to complete it.</p>'),
      { type: 'Post', post: 'episode1' },
      { type: 'Post', post: 'episode2' },
    ],
  },
  {
    key: 'episode1',
    name: 'Episode 1: What is sound?',
    criteria: 'video',
    videoLength: 6,
    icon: 'video',
    blocks: [
      { type: 'Video', title: 'What is sound?', content: { media: 'episodeSound', durationSeconds: 6 } },
      text('<p>Sound is air moving back and forth. The faster it moves, the higher the <em>pitch</em>.</p>'),
      { type: 'Audio', title: 'A C major chord', content: { media: 'chord' } },
    ],
  },
  {
    key: 'episode2',
    name: 'Episode 2: Waves',
    criteria: 'video',
    videoLength: 6,
    icon: 'video',
    blocks: [
      { type: 'Video', title: 'Waves', content: { media: 'episodeWaves', durationSeconds: 6 } },
      text('<p>A wave has a height (loudness) and a length (pitch).</p>'),
    ],
  },
  {
    key: 'quiz',
    name: 'Quiz: sound basics',
    criteria: 'visit',
    icon: 'quiz',
    blocks: [
      {
        type: 'Quiz',
        title: 'Check yourself',
        content: {
          intro: '<p>A quick check. Try as often as you like.</p>',
          questions: [
            question(
              'q1',
              'What makes a pitch higher?',
              ['Faster vibration', 'Slower vibration', 'A louder sound'],
              [0],
            ),
            question(
              'q2',
              'Which of these are sound sources?',
              ['A guitar string', 'A loudspeaker', 'A photograph'],
              [0, 1],
              true,
            ),
          ],
        },
      },
    ],
  },
  {
    key: 'test',
    name: 'Test: what you know',
    criteria: 'test',
    icon: 'test',
    blocks: [
      {
        type: 'Test',
        title: 'Course test',
        content: {
          intro: '<p>Answer at least 60 % right to pass and complete this page.</p>',
          passPercent: 60,
          questions: [
            question('t1', 'Sound travels through…', ['Air', 'A vacuum'], [0]),
            question('t2', 'The height of a wave is its…', ['Loudness', 'Pitch'], [0]),
            question('t3', 'The length of a wave sets its…', ['Loudness', 'Pitch'], [1]),
          ],
        },
      },
    ],
  },
  {
    key: 'downloads',
    name: 'Downloads',
    criteria: 'visit',
    icon: 'download',
    blocks: [
      text('<p>Keep this cheat sheet next to your speakers.</p>'),
      { type: 'File', title: 'Cheat sheet', content: { media: 'cheatSheet' } },
    ],
  },
  {
    key: 'milestone',
    name: 'Milestone: your first beat',
    // Both answers are handed in and approved by a coach; the approval completes the milestone.
    criteria: 'review',
    postType: 2,
    icon: 'flag',
    blocks: [
      {
        type: 'Exam',
        title: 'Make a beat',
        content: { html: '<p>Make an eight-bar beat with a kick, a snare and a hi-hat.</p>' },
      },
      {
        type: 'Question',
        title: 'Reflect',
        content: { html: '<p>Which sound was the hardest to get right, and why?</p>' },
      },
    ],
  },
  {
    key: 'final',
    name: 'Final exam',
    criteria: 'review',
    postType: 4,
    icon: 'star',
    blocks: [
      {
        type: 'FinalExam',
        title: 'Final exam',
        content: { html: '<p>Explain, in your own words, how a sound reaches your ear.</p>' },
      },
    ],
  },
  {
    key: 'draft',
    name: 'Mixing tips (draft)',
    criteria: 'visit',
    published: false,
    blocks: [text('<p>Coming soon: how to balance a mix.</p>')],
  },
  {
    key: 'coachNotes',
    name: 'Coach notes',
    criteria: 'none',
    mentorOnly: true,
    blocks: [text('<p>For coaches: most students need help with the test question on wavelength.</p>')],
  },
  {
    key: 'scheduled',
    name: 'Bonus: next month',
    criteria: 'visit',
    publishInDays: 30,
    blocks: [text('<p>A bonus page that opens next month.</p>')],
  },
];

const secondCourseParts: SeedPart[] = [
  {
    key: 'eq',
    name: 'Free lesson: EQ basics',
    criteria: 'visit',
    free: true,
    icon: 'gift',
    blocks: [
      text('<p>An equaliser makes some frequencies louder and others quieter. Cut before you boost.</p>'),
      { type: 'YouTube', title: 'EQ in five minutes', content: { videoId: 'yNbRs4K3tT0' } },
    ],
  },
  {
    key: 'compression',
    name: 'Compression',
    criteria: 'visit',
    blocks: [text('<p>A compressor turns loud parts down so the quiet parts can come up.</p>')],
  },
];

async function cheatSheetPdf(): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle('Sound cheat sheet');
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = [
    'Sound cheat sheet',
    '',
    'Pitch: how fast air vibrates (Hz).',
    'Loudness: how far it moves (dB).',
    'Timbre: the mix of overtones.',
  ];
  lines.forEach((line, index) => {
    page.drawText(line, { x: 60, y: 760 - index * 28, size: index === 0 ? 24 : 14, font });
  });
  return doc.save();
}

/** Copies a medium into the site's upload folder and records it. */
async function addMedia(
  db: Db,
  opts: { config: Config; siteId: number; kind: MediaKind; fileName: string; mimeType: string; bytes: Uint8Array },
): Promise<number> {
  const dir = uploadDir(opts.config, opts.siteId);
  fs.mkdirSync(dir, { recursive: true });
  const storageName = `demo-${opts.fileName}`;
  fs.writeFileSync(path.join(dir, storageName), opts.bytes);
  const at = now();
  const row = await db
    .insertInto('media_files')
    .values({
      site_id: opts.siteId,
      owner_user_id: null,
      kind: opts.kind,
      storage_name: storageName,
      original_name: opts.fileName,
      mime_type: opts.mimeType,
      size_bytes: opts.bytes.length,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addCourse(
  db: Db,
  opts: {
    siteId: number;
    name: string;
    description: string;
    category: string;
    sortId: number;
    progressEvent: number;
    certificateMonths: number | null;
    /** Attempts a learner has per test; null for no limit. */
    testAttempts: number | null;
    parts: SeedPart[];
    media: Record<string, number>;
    achievements: { title: string; description: string; requiredXp: number }[];
  },
): Promise<number> {
  const at = now();
  const { siteId } = opts;
  const course = await db
    .insertInto('courses')
    .values({
      site_id: siteId,
      name: opts.name,
      description: opts.description,
      category: opts.category,
      published: 1,
      sort_id: opts.sortId,
      progress_event: opts.progressEvent,
      xp_per_reward: 5,
      certificate_enabled: opts.certificateMonths === null ? 0 : 1,
      certificate_validity_months: opts.certificateMonths,
      test_attempts: opts.testAttempts,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const partIds = new Map<string, number>();
  for (const [index, part] of opts.parts.entries()) {
    const row = await db
      .insertInto('course_parts')
      .values({
        site_id: siteId,
        course_id: course.id,
        name: part.name,
        sort_id: index + 1,
        published: part.published === false ? 0 : 1,
        publish_date: part.publishInDays ? new Date(Date.now() + part.publishInDays * 86_400_000).toISOString() : null,
        free: part.free ? 1 : 0,
        mentor_only: part.mentorOnly ? 1 : 0,
        post_type: part.postType ?? 1,
        progress_criteria: part.criteria,
        icon: part.icon ?? null,
        video_length: part.videoLength ?? 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    partIds.set(part.key, row.id);
  }

  for (const part of opts.parts) {
    for (const [index, block] of part.blocks.entries()) {
      await db
        .insertInto('course_blocks')
        .values({
          site_id: siteId,
          course_part_id: partIds.get(part.key) as number,
          sort_id: index + 1,
          block_type: block.type,
          title: block.title ?? '',
          post_id: block.post ? (partIds.get(block.post) ?? null) : null,
          published: 1,
          mentor_only: block.mentorOnly ? 1 : 0,
          content: JSON.stringify(storedContentOf(block, opts.media)),
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }

  for (const achievement of opts.achievements) {
    await db
      .insertInto('achievements')
      .values({
        site_id: siteId,
        course_id: course.id,
        title: achievement.title,
        description: achievement.description,
        required_xp: achievement.requiredXp,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return course.id;
}

/** Seed content as stored: media keys become media ids, rich text is sanitized as any saved text is. */
function storedContentOf(block: SeedBlock, media: Record<string, number>): Record<string, unknown> {
  const { media: mediaKey, html, columns, intro, ...rest } = (block.content ?? {}) as Record<string, unknown>;
  return {
    ...rest,
    ...(typeof mediaKey === 'string' ? { mediaId: media[mediaKey] } : {}),
    ...(typeof html === 'string' ? { html: sanitizeRichText(html) } : {}),
    ...(typeof intro === 'string' ? { intro: sanitizeRichText(intro) } : {}),
    ...(Array.isArray(columns)
      ? { columns: columns.map((c: { html: string }) => ({ html: sanitizeRichText(c.html) })) }
      : {}),
  };
}

/**
 * The demo learning content: a course that uses every block kind (the demo student has access and the coach
 * coaches it; its milestone and final exam wait for a coach's review), a second course with a free lesson she has
 * no access to, achievements, resources, and a few messages with a support request.
 */
export async function seedDemoCourses(
  db: Db,
  opts: { config: Config; siteId: number; studentId: number; coachId: number },
): Promise<void> {
  const { config, siteId } = opts;
  const read = (name: string) => fs.readFileSync(path.join(mediaDir, name));
  const media: Record<string, number> = {
    waveform: await addMedia(db, {
      config,
      siteId,
      kind: 'image',
      fileName: 'waveform.png',
      mimeType: 'image/png',
      bytes: read('waveform.png'),
    }),
    episodeSound: await addMedia(db, {
      config,
      siteId,
      kind: 'video',
      fileName: 'episode-sound.webm',
      mimeType: 'video/webm',
      bytes: read('episode-sound.webm'),
    }),
    episodeWaves: await addMedia(db, {
      config,
      siteId,
      kind: 'video',
      fileName: 'episode-waves.webm',
      mimeType: 'video/webm',
      bytes: read('episode-waves.webm'),
    }),
    chord: await addMedia(db, {
      config,
      siteId,
      kind: 'audio',
      fileName: 'chord.ogg',
      mimeType: 'audio/ogg',
      bytes: read('chord.ogg'),
    }),
    cheatSheet: await addMedia(db, {
      config,
      siteId,
      kind: 'file',
      fileName: 'sound-cheat-sheet.pdf',
      mimeType: 'application/pdf',
      bytes: await cheatSheetPdf(),
    }),
  };

  const demoCourseId = await addCourse(db, {
    siteId,
    name: 'Music production basics',
    description: 'How sound works, and how to shape it: two short episodes, a quiz, a test and a certificate.',
    category: 'Production',
    sortId: 1,
    progressEvent: 1,
    certificateMonths: 12,
    testAttempts: 3,
    parts: demoParts,
    media,
    achievements: [
      { title: 'First steps', description: 'You took your first reward.', requiredXp: 5 },
      { title: 'Halfway there', description: 'Half of the course behind you.', requiredXp: 20 },
      { title: 'Sound master', description: 'Every reward of the course taken.', requiredXp: 40 },
    ],
  });
  const secondCourseId = await addCourse(db, {
    siteId,
    name: 'Advanced mixing',
    description: 'Balance, EQ and compression for finished tracks.',
    category: 'Mixing',
    sortId: 2,
    progressEvent: 2,
    certificateMonths: null,
    testAttempts: null,
    parts: secondCourseParts,
    media,
    achievements: [{ title: 'Mixer', description: 'Your first mixing xp.', requiredXp: 5 }],
  });

  const at = now();
  await db
    .insertInto('course_access')
    .values({
      site_id: siteId,
      course_id: demoCourseId,
      user_id: opts.studentId,
      source: 'staff',
      granted_by_user_id: null,
      expires_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  for (const courseId of [demoCourseId, secondCourseId]) {
    await db
      .insertInto('course_coaches')
      .values({
        site_id: siteId,
        course_id: courseId,
        user_id: opts.coachId,
        sort_id: 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  await seedDemoMessages(db, { siteId, studentId: opts.studentId, coachId: opts.coachId, courseId: demoCourseId });
  const resources = [
    {
      course_id: null,
      title: 'Sound cheat sheet',
      description: 'The one-page summary of the basics.',
      url: null,
      media_file_id: media.cheatSheet ?? null,
    },
    {
      course_id: null,
      title: 'Free sample packs',
      description: 'Royalty-free drum sounds to practise with.',
      url: 'https://freesound.org/',
      media_file_id: null,
    },
    {
      course_id: demoCourseId,
      title: 'Reading list',
      description: 'Books that go deeper than the course.',
      url: 'https://en.wikipedia.org/wiki/Audio_engineer',
      media_file_id: null,
    },
  ];
  for (const [index, resource] of resources.entries()) {
    await db
      .insertInto('resources')
      .values({ site_id: siteId, ...resource, sort_id: index + 1, created_at: at, updated_at: at })
      .execute();
  }
}
