export const VERSION_CHECK_INTERVAL_MS = 30_000;

export interface AppVersion {
  hash: string;
  version: string;
}

/** An Update is offered when the server's build differs from the one this page runs. */
export const isNewVersion = (running: string, served: AppVersion | null | undefined): boolean =>
  !!served?.hash && served.hash !== running;

/** `version.json` with a cache-busting parameter, as spec §7 asks. */
export const versionUrl = (now: number) => `/version.json?dt=${now}`;
