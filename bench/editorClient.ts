/**
 * One editor at work, as its own process (so the load generator's event loop does not delay it): `node --import
 * tsx bench/editorClient.ts '<config JSON>'`. It takes the course's edit lock, then makes one call every
 * `intervalMs` for `seconds`, each after the previous answered; a versioned call carries the course's version and
 * takes the new one from the answer, as the editor's autosave does. Prints its latencies as JSON.
 */

export interface EditorClientConfig {
  url: string;
  headers: Record<string, string>;
  courseId: number;
  call: { file: string; req: string; data: Record<string, unknown>; versioned: boolean };
  seconds: number;
  intervalMs: number;
}

export interface EditorClientResult {
  latenciesMs: number[];
  errors: number;
  non2xx: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as EditorClientConfig;

async function post(file: string, req: string, data: Record<string, unknown>) {
  const response = await fetch(`${config.url}/api/backend/${file}`, {
    method: 'POST',
    headers: { ...config.headers, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: new URLSearchParams({ req, data: JSON.stringify(data) }).toString(),
  });
  return { status: response.status, body: (await response.json()) as { status?: string; Version?: number } };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const taken = await post('course_lock.php', 'lock_course_for_editing', { CourseId: config.courseId });
if (taken.body.status !== 'OK') throw new Error(`The editor got no lock: ${JSON.stringify(taken.body)}`);
let version = taken.body.Version;
const result: EditorClientResult = { latenciesMs: [], errors: 0, non2xx: 0 };
const end = performance.now() + config.seconds * 1000;
while (performance.now() < end) {
  const started = performance.now();
  const data = config.call.versioned ? { ...config.call.data, Version: version } : config.call.data;
  try {
    const { status, body } = await post(config.call.file, config.call.req, data);
    result.latenciesMs.push(performance.now() - started);
    if (status !== 200 || body.status !== 'OK') result.non2xx += 1;
    if (typeof body.Version === 'number') version = body.Version;
  } catch {
    result.errors += 1;
  }
  await sleep(Math.max(0, config.intervalMs - (performance.now() - started)));
}
process.stdout.write(JSON.stringify(result));
