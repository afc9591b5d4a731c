import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BlockType, ProgressCriteria } from '../../shared/domain/learning/course';
import type { Config } from '../platform/config';
import type { Db } from '../platform/db';
import type { MediaKind } from '../platform/db/schema';
import { identifyMedium, readMediaLength, roundedSeconds } from '../platform/files/identify';
import type { StoreConfig } from '../platform/files/storage';
import { sanitizeRichText } from '../platform/lib/sanitize';
import {
  addCoach,
  type CreatedCourse,
  createCourse,
  createMedia,
  createResource,
  grantAccess,
  type PartSpec,
} from './factories';
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
  criteria: ProgressCriteria;
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
      {
        // Passing the exercise completes the page as passing the test does.
        type: 'EarTraining',
        title: 'Train your ear: thirds, fourths and fifths',
        content: {
          exercise: 'NameTheInterval',
          settings: {
            Intervals: ['m3', 'M3', 'P4', 'P5'],
            Directions: ['ascending'],
            RootLow: 48,
            RootHigh: 60,
            Tempo: 100,
            Questions: 5,
            Sound: 'piano',
          },
          passPercent: 80,
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

/** The demo's media: copied into the site's upload folder under names that start with `prefix`. */
async function addDemoMedia(
  db: Db,
  opts: { config: StoreConfig; site: { id: number }; prefix: string },
): Promise<Record<string, number>> {
  const read = (name: string) => fs.readFileSync(path.join(mediaDir, name));
  const files: { key: string; kind: MediaKind; name: string; mimeType: string; bytes: () => Promise<Uint8Array> }[] = [
    {
      key: 'waveform',
      kind: 'image',
      name: 'waveform.png',
      mimeType: 'image/png',
      bytes: async () => read('waveform.png'),
    },
    {
      key: 'episodeSound',
      kind: 'video',
      name: 'episode-sound.webm',
      mimeType: 'video/webm',
      bytes: async () => read('episode-sound.webm'),
    },
    {
      key: 'episodeWaves',
      kind: 'video',
      name: 'episode-waves.webm',
      mimeType: 'video/webm',
      bytes: async () => read('episode-waves.webm'),
    },
    { key: 'chord', kind: 'audio', name: 'chord.ogg', mimeType: 'audio/ogg', bytes: async () => read('chord.ogg') },
    {
      key: 'cheatSheet',
      kind: 'file',
      name: 'sound-cheat-sheet.pdf',
      mimeType: 'application/pdf',
      bytes: cheatSheetPdf,
    },
  ];
  /** A video's or audio's length, read from its file as an upload's is. */
  const lengthOf = async (name: string) => {
    const file = path.join(mediaDir, name);
    const { seconds } = await readMediaLength(file, identifyMedium(read(name).subarray(0, 4096), name));
    return roundedSeconds(seconds);
  };
  const media: Record<string, number> = {};
  for (const file of files) {
    const timed = file.kind === 'video' || file.kind === 'audio';
    const { id } = await createMedia(db, {
      config: opts.config,
      site: opts.site,
      kind: file.kind,
      storageName: `${opts.prefix}${file.name}`,
      originalName: file.name,
      mimeType: file.mimeType,
      bytes: await file.bytes(),
      ...(timed ? { durationSeconds: await lengthOf(file.name) } : {}),
    });
    media[file.key] = id;
  }
  return media;
}

/** The seed's parts as the course factory takes them: titles as given, content as stored. */
const partsOf = (parts: SeedPart[], media: Record<string, number>): PartSpec[] =>
  parts.map(({ blocks, ...part }) => ({
    ...part,
    blocks: blocks.map((block) => ({ ...block, title: block.title ?? '', content: storedContentOf(block, media) })),
  }));

export const DEMO_COURSE_NAME = 'Music production basics';

/**
 * The demo course, "Music production basics": every block kind, two short episodes, a quiz, a test (three attempts),
 * a milestone and a final exam completed by a coach's review, a draft, a mentor-only and a scheduled part, and three
 * achievements, with its media. A browser test builds one of its own under another name.
 */
export async function createDemoCourse(
  db: Db,
  opts: { config: StoreConfig; site: { id: number }; name?: string; mediaPrefix?: string },
): Promise<{ course: CreatedCourse; media: Record<string, number> }> {
  const media = await addDemoMedia(db, { config: opts.config, site: opts.site, prefix: opts.mediaPrefix ?? 'demo-' });
  const course = await createCourse(db, {
    site: opts.site,
    name: opts.name ?? DEMO_COURSE_NAME,
    description: 'How sound works, and how to shape it: two short episodes, a quiz, a test and a certificate.',
    category: 'Production',
    sortId: 1,
    progressEvent: 1,
    certificateMonths: 12,
    testAttempts: 3,
    parts: partsOf(demoParts, media),
    achievements: [
      { title: 'First steps', description: 'You took your first reward.', requiredXp: 5 },
      { title: 'Halfway there', description: 'Half of the course behind you.', requiredXp: 20 },
      { title: 'Sound master', description: 'Every reward of the course taken.', requiredXp: 40 },
    ],
  });
  return { course, media };
}

/**
 * The demo learning content: the demo course (the demo student has access and the coach coaches it; its milestone
 * and final exam wait for a coach's review), a second course with a free lesson she has no access to, resources,
 * and a few messages with a support request.
 */
export async function seedDemoCourses(
  db: Db,
  opts: { config: Config; siteId: number; studentId: number; coachId: number },
): Promise<{ courseIds: number[] }> {
  const site = { id: opts.siteId };
  const { course: demoCourse, media } = await createDemoCourse(db, { config: opts.config, site });
  const secondCourse = await createCourse(db, {
    site,
    name: 'Advanced mixing',
    description: 'Balance, EQ and compression for finished tracks.',
    category: 'Mixing',
    sortId: 2,
    progressEvent: 2,
    certificate: false,
    parts: partsOf(secondCourseParts, media),
    achievements: [{ title: 'Mixer', description: 'Your first mixing xp.', requiredXp: 5 }],
  });

  await grantAccess(db, { site, course: demoCourse, user: { id: opts.studentId } });
  for (const course of [demoCourse, secondCourse]) await addCoach(db, { site, course, user: { id: opts.coachId } });
  await seedDemoMessages(db, {
    siteId: opts.siteId,
    studentId: opts.studentId,
    coachId: opts.coachId,
    courseId: demoCourse.id,
  });
  const resources = [
    {
      course: null,
      title: 'Sound cheat sheet',
      description: 'The one-page summary of the basics.',
      mediaFileId: media.cheatSheet ?? null,
    },
    {
      course: null,
      title: 'Free sample packs',
      description: 'Royalty-free drum sounds to practise with.',
      url: 'https://freesound.org/',
    },
    {
      course: demoCourse,
      title: 'Reading list',
      description: 'Books that go deeper than the course.',
      url: 'https://en.wikipedia.org/wiki/Audio_engineer',
    },
  ];
  for (const [index, resource] of resources.entries()) {
    await createResource(db, { site, ...resource, sortId: index + 1 });
  }
  return { courseIds: [demoCourse.id, secondCourse.id] };
}
