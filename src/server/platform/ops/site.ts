/**
 * `npm run site -- <command>`: the operator's management of sites, with the server's own configuration (the same
 * environment variables, see README). Safe while the server runs: each change is one transaction, and every server
 * process sees it within the site cache's few seconds (platform/sites.ts).
 *
 *   list [--json]                     every site with its plan, trial end, registration and hosts
 *   show <name> [--json]              one site
 *   create <name> [options]           a new site (defaults: plan demo, a trial of TRIAL_DAYS days, registration off)
 *   update <name> [options]           change a site
 *
 * Options: --title <text>, --plan <demo|starter|professional|enterprise>, --trial-days <n> | --trial-ends
 * <YYYY-MM-DD> | --no-trial, --registration <on|off>, --host <name> (create; repeatable), --add-host <name> and
 * --remove-host <name> (update; repeatable). Exit codes: 0 done, 1 refused (bad value, unknown site, name or host
 * taken), 2 a wrong command line.
 */
import { TRIAL_DAYS } from '../../../shared/domain/site/plans';
import { type Config, loadConfig } from '../config';
import { createDatabase, type Db, migrate } from '../db';
import { AppError } from '../errors';
import { createSite, listSites, type SiteDetails, type SiteSettings, siteDetails, updateSite } from '../siteAdmin';
import { isMainModule } from './tools';

export const SITE_HELP = `Usage: npm run site -- <command> [options]

Commands:
  list [--json]              List every site: plan, trial end, registration, hosts
  show <name> [--json]       Show one site
  create <name> [options]    Create a site (defaults: plan demo, a ${TRIAL_DAYS}-day trial, registration off)
  update <name> [options]    Change a site
  help                       This text (also --help)

Options of create and update:
  --title <text>             The site's title (create: the name when not given)
  --plan <plan>              demo, starter, professional or enterprise
  --trial-days <n>           The trial ends n days from now
  --trial-ends <YYYY-MM-DD>  The trial ends at the end of that day (UTC)
  --no-trial                 No trial end
  --registration <on|off>    Whether visitors may sign up on the site
  --host <name>              create: a host name that serves the site (repeatable)
  --add-host <name>          update: add a host name (repeatable)
  --remove-host <name>       update: remove a host name (repeatable)

Exit codes: 0 done, 1 refused (bad value, unknown site, name or host taken), 2 wrong command line.
`;

/** A wrong command line: exit code 2, with the help's hint. */
class UsageError extends Error {}

const VALUE_OPTIONS = ['title', 'plan', 'trial-days', 'trial-ends', 'registration', 'host', 'add-host', 'remove-host'];
const FLAG_OPTIONS = ['no-trial', 'json', 'help'];

interface Parsed {
  positional: string[];
  values: Map<string, string[]>;
  flags: Set<string>;
}

export function parseArguments(args: string[]): Parsed {
  const parsed: Parsed = { positional: [], values: new Map(), flags: new Set() };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('--')) {
      parsed.positional.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (FLAG_OPTIONS.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      parsed.flags.add(name);
    } else if (VALUE_OPTIONS.includes(name)) {
      const value = inline ?? args[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      parsed.values.set(name, [...(parsed.values.get(name) ?? []), value]);
    } else {
      throw new UsageError(`Unknown option --${name}`);
    }
  }
  return parsed;
}

const single = (parsed: Parsed, name: string): string | undefined => {
  const values = parsed.values.get(name);
  if (values && values.length > 1) throw new UsageError(`--${name} is given more than once`);
  return values?.[0];
};

function allowOnly(parsed: Parsed, command: string, allowed: string[]): void {
  for (const name of [...parsed.values.keys(), ...parsed.flags]) {
    if (!allowed.includes(name)) throw new UsageError(`${command} takes no --${name}`);
  }
}

const DAY_MS = 86_400_000;

/** The trial end the options name: undefined when none names it, null for --no-trial. */
function trialEnd(parsed: Parsed, at = Date.now()): string | null | undefined {
  const days = single(parsed, 'trial-days');
  const ends = single(parsed, 'trial-ends');
  const none = parsed.flags.has('no-trial');
  if ([days !== undefined, ends !== undefined, none].filter(Boolean).length > 1) {
    throw new UsageError('Give one of --trial-days, --trial-ends and --no-trial');
  }
  if (none) return null;
  if (days !== undefined) {
    if (!/^\d{1,4}$/.test(days)) throw new AppError('INVALID_REQUEST', `Invalid --trial-days "${days}": give 0–9999`);
    return new Date(at + Number(days) * DAY_MS).toISOString();
  }
  if (ends !== undefined) {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(ends) ? new Date(`${ends}T23:59:59.999Z`) : null;
    if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== ends) {
      throw new AppError('INVALID_REQUEST', `Invalid --trial-ends "${ends}": give a date as YYYY-MM-DD`);
    }
    return date.toISOString();
  }
  return undefined;
}

function registration(parsed: Parsed): boolean | undefined {
  const value = single(parsed, 'registration');
  if (value === undefined) return undefined;
  if (value !== 'on' && value !== 'off') {
    throw new AppError('INVALID_REQUEST', `Invalid --registration "${value}": give on or off`);
  }
  return value === 'on';
}

export function formatSite(site: SiteDetails): string {
  const rows: [string, string][] = [
    ['Name', site.name],
    ['Title', site.title],
    ['Plan', site.plan],
    ['Trial ends', site.trialEndsAt ?? 'no trial'],
    ['Registration', site.registrationEnabled ? 'on' : 'off'],
    ['Maintenance', site.maintenance ? 'on' : 'off'],
    ['Hosts', site.hosts.length > 0 ? site.hosts.join(', ') : '(none)'],
    ['Users', String(site.users)],
    ['Created', site.createdAt],
  ];
  return `${rows.map(([label, value]) => `${`${label}:`.padEnd(14)}${value}`).join('\n')}\n`;
}

function formatList(sites: SiteDetails[]): string {
  const header = ['NAME', 'PLAN', 'TRIAL ENDS', 'REGISTRATION', 'USERS', 'HOSTS'];
  const rows = sites.map((s) => [
    s.name,
    s.plan,
    s.trialEndsAt?.slice(0, 10) ?? '-',
    s.registrationEnabled ? 'on' : 'off',
    String(s.users),
    s.hosts.join(',') || '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  return `${[header, ...rows]
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i] as number))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')}\n`;
}

export interface SiteCliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

const nameOf = (parsed: Parsed, command: string): string => {
  const [, name, ...rest] = parsed.positional;
  if (!name) throw new UsageError(`${command} needs a site name`);
  if (rest.length > 0) throw new UsageError(`Unexpected argument ${rest[0]}`);
  return name;
};

/** Runs one command against the database; answers the exit code. */
export async function runSiteCommand(db: Db, args: string[], io: SiteCliIo): Promise<number> {
  try {
    const parsed = parseArguments(args);
    const command = parsed.positional[0];
    if (parsed.flags.has('help') || command === 'help' || command === undefined) {
      (command === undefined && !parsed.flags.has('help') ? io.err : io.out)(SITE_HELP);
      return command === undefined && !parsed.flags.has('help') ? 2 : 0;
    }
    const json = parsed.flags.has('json');
    const show = (site: SiteDetails) => io.out(json ? `${JSON.stringify(site, null, 2)}\n` : formatSite(site));
    switch (command) {
      case 'list': {
        allowOnly(parsed, command, ['json']);
        if (parsed.positional.length > 1) throw new UsageError(`Unexpected argument ${parsed.positional[1]}`);
        const sites = await listSites(db);
        io.out(json ? `${JSON.stringify(sites, null, 2)}\n` : formatList(sites));
        return 0;
      }
      case 'show': {
        allowOnly(parsed, command, ['json']);
        show(await siteDetails(db, nameOf(parsed, command)));
        return 0;
      }
      case 'create': {
        allowOnly(parsed, command, [
          'title',
          'plan',
          'trial-days',
          'trial-ends',
          'no-trial',
          'registration',
          'host',
          'json',
        ]);
        const name = nameOf(parsed, command);
        const trial = trialEnd(parsed);
        await createSite(db, {
          name,
          title: single(parsed, 'title') ?? name,
          plan: single(parsed, 'plan') ?? 'demo',
          trialEndsAt: trial === undefined ? new Date(Date.now() + TRIAL_DAYS * DAY_MS).toISOString() : trial,
          registrationEnabled: registration(parsed) ?? false,
          hosts: parsed.values.get('host') ?? [],
        });
        show(await siteDetails(db, name));
        return 0;
      }
      case 'update': {
        allowOnly(parsed, command, [
          'title',
          'plan',
          'trial-days',
          'trial-ends',
          'no-trial',
          'registration',
          'add-host',
          'remove-host',
          'json',
        ]);
        const name = nameOf(parsed, command);
        const title = single(parsed, 'title');
        const plan = single(parsed, 'plan');
        const trial = trialEnd(parsed);
        const enabled = registration(parsed);
        const settings: SiteSettings = {
          ...(title === undefined ? {} : { title }),
          ...(plan === undefined ? {} : { plan }),
          ...(trial === undefined ? {} : { trialEndsAt: trial }),
          ...(enabled === undefined ? {} : { registrationEnabled: enabled }),
          addHosts: parsed.values.get('add-host') ?? [],
          removeHosts: parsed.values.get('remove-host') ?? [],
        };
        if (Object.keys(settings).length === 2 && !settings.addHosts?.length && !settings.removeHosts?.length) {
          throw new UsageError('update needs at least one change (see --help)');
        }
        show(await updateSite(db, name, settings));
        return 0;
      }
      default:
        throw new UsageError(`Unknown command ${command}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\nRun npm run site -- --help for the commands and options.\n`);
      return 2;
    }
    if (error instanceof AppError) {
      io.err(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

/** The command line's entry: opens the configured database (migrated as the server would), runs, closes. */
export async function siteCli(args: string[], io: SiteCliIo, config: Config = loadConfig()): Promise<number> {
  const db = createDatabase({ url: config.databaseUrl });
  try {
    await migrate(db);
    return await runSiteCommand(db, args, io);
  } finally {
    await db.destroy();
  }
}

if (isMainModule(import.meta.url)) {
  const io: SiteCliIo = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };
  try {
    process.exitCode = await siteCli(process.argv.slice(2), io);
  } catch (error) {
    process.stderr.write(`Failed: ${error instanceof Error ? error.message : error}\n`);
    process.exitCode = 1;
  }
}
