import fs from 'node:fs';
import { startServerProcess } from '../tests/support/process';

/** A server under load, in its own process, started the way production starts it. */
export interface ServerProcess {
  name: string;
  url: string;
  pid: number;
  /** The process's resident memory now, and its peak since it started (VmRSS, VmHWM), in bytes. */
  memory(): { rss: number; peak: number };
  /** CPU time the process has used so far (user and system), in seconds. */
  cpuSeconds(): number;
  /** The last lines it printed, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

function readMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux, whatever the kernel's HZ). */
const USER_HZ = 100;

function readCpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may contain spaces, hence the last parenthesis); utime and stime are
  // the 14th and 15th fields of the line, the 12th and 13th after the name.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
}

/**
 * Starts `node <args>` (a built server, or `--import tsx` and a TypeScript file) with the given environment on a free
 * port, through the one process spawner of the tests, and waits until `readyPath` answers 200.
 */
export async function startServer(options: {
  name: string;
  args: string[];
  env: Record<string, string>;
  readyPath: string;
  dataDir?: string;
}): Promise<ServerProcess> {
  const server = await startServerProcess({
    args: options.args,
    env: options.env,
    readyPath: options.readyPath,
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  const pid = server.pid as number;
  return {
    name: options.name,
    url: server.url,
    pid,
    memory: () => readMemory(pid),
    cpuSeconds: () => readCpuSeconds(pid),
    output: () => server.output().slice(-20_000),
    stop: () => server.stop(),
  };
}
