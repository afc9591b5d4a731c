import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The module boundaries of docs/architecture.md are lint rules (biome.json): each case writes a file that breaks
 * one into the folder the rule guards, and Biome must refuse it with that rule's message. A rule that stopped
 * matching (a moved folder, a changed glob) fails here instead of letting the boundary go quietly.
 */
const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
const tag = `boundaryProbe${process.pid}${Math.random().toString(36).slice(2, 8)}`;

interface Probe {
  name: string;
  /** Where the probe is written, relative to the project. */
  file: string;
  source: string;
  /** The rule's message, or null for a probe that must pass. */
  message: string | null;
}

const probes: Probe[] = [
  {
    name: 'a module reaching into another module past its index.ts',
    file: `src/server/modules/coaching/services/${tag}A.ts`,
    source:
      "import { loadCourseForViewer } from '../../learning/services/courseAccess';\nexport const probe = loadCourseForViewer;\n",
    message: 'A module imports another only through its index.ts',
  },
  {
    name: 'a module importing the edge',
    file: `src/server/modules/coaching/services/${tag}B.ts`,
    source: "import { registry } from '../../../registry';\nexport const probe = registry;\n",
    message: 'A module imports another only through its index.ts',
  },
  {
    name: 'the platform importing a module',
    file: `src/server/platform/${tag}C.ts`,
    source: "import { handlers } from '../modules/learning';\nexport const probe = handlers;\n",
    message: 'The platform knows no module',
  },
  {
    name: 'a handler importing Kysely',
    file: `src/server/modules/learning/api/${tag}D.ts`,
    source: "import { sql } from 'kysely';\nexport const probe = sql;\n",
    message: 'Handlers are thin',
  },
  {
    name: 'a service importing Fastify',
    file: `src/server/modules/learning/services/${tag}E.ts`,
    source: "import type { FastifyRequest } from 'fastify';\nexport type Probe = FastifyRequest;\n",
    message: 'know nothing of HTTP',
  },
  {
    name: 'the edge reaching past a module index.ts',
    file: `src/server/${tag}F.ts`,
    source:
      "import { loadCourseForViewer } from './modules/learning/services/courseAccess';\nexport const probe = loadCourseForViewer;\n",
    message: "The edge takes a module's handlers and functions from its index.ts only",
  },
  {
    name: 'shared code importing the server',
    file: `src/shared/domain/${tag}G.ts`,
    source: "import { now } from '../../server/platform/db';\nexport const probe = now;\n",
    message: 'src/shared is imported by both sides and imports neither',
  },
  {
    name: 'the client importing the server',
    file: `src/client/app/${tag}H.ts`,
    source: "import { now } from '../../server/platform/db';\nexport const probe = now;\n",
    message: 'The client never imports the server',
  },
  {
    name: 'the design system importing a feature',
    file: `src/client/components/${tag}L.ts`,
    source: "import { learningKeys } from '../features/learning/keys';\nexport const probe = learningKeys;\n",
    message: 'knows no feature',
  },
  {
    name: 'a feature reaching into another feature past its index.ts',
    file: `src/client/features/coaching/Tasks/${tag}M.ts`,
    source: "import { learningKeys } from '../../learning/keys';\nexport const probe = learningKeys;\n",
    message: "A feature imports another only through that feature's index",
  },
  {
    name: 'an import cycle',
    file: `src/server/modules/learning/services/${tag}I.ts`,
    source: `import { j } from './${tag}J';\nexport const i = () => j;\n`,
    message: 'This import is part of a cycle',
  },
  {
    name: 'an import cycle (its other half)',
    file: `src/server/modules/learning/services/${tag}J.ts`,
    source: `import { i } from './${tag}I';\nexport const j = () => i;\n`,
    message: 'This import is part of a cycle',
  },
  {
    name: 'a module using another through its index.ts',
    file: `src/server/modules/coaching/services/${tag}K.ts`,
    source:
      "import { loadCourseForViewer } from '../../learning';\nimport { now } from '../../../platform/db';\nexport const probe = [loadCourseForViewer, now];\n",
    message: null,
  },
];

/** Biome's diagnostics by probe file (one run for all probes: each run scans the project for import cycles). */
let diagnostics: Map<string, string>;

beforeAll(async () => {
  for (const probe of probes) fs.writeFileSync(path.join(root, probe.file), probe.source);
  const biome = path.join(root, 'node_modules/.bin/biome');
  let output = '';
  try {
    await run(biome, ['lint', '--max-diagnostics=200', ...probes.map((p) => p.file)], { cwd: root });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
  // Each diagnostic starts with its file's path at the start of a line; its lines below are indented or empty.
  diagnostics = new Map(probes.map((p) => [p.file, '']));
  let current: string | null = null;
  for (const line of output.split('\n')) {
    if (/^\S/.test(line)) current = probes.find((p) => line.startsWith(p.file))?.file ?? null;
    if (current) diagnostics.set(current, `${diagnostics.get(current)}${line}\n`);
  }
}, 60_000);

afterAll(() => {
  for (const probe of probes) fs.rmSync(path.join(root, probe.file), { force: true });
});

describe('module boundaries', () => {
  it.each(probes.filter((p) => p.message !== null))('refuses $name', ({ file, message }) => {
    expect(diagnostics.get(file)).toContain(message);
  });

  it.each(probes.filter((p) => p.message === null))('allows $name', ({ file }) => {
    expect(diagnostics.get(file)).not.toContain('noRestrictedImports');
  });
});
