import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/constants';

export { CHROMIUM_PATH };

const categories = ['performance', 'accessibility', 'best-practices'] as const;

export interface LighthouseScores {
  path: string;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  /** The measurements behind the performance score. */
  metrics: Record<string, number | null>;
  /** Scored audits of the three categories that did not pass (score under 0.9), worst first. */
  failedAudits: { id: string; score: number; title: string }[];
  /** Lighthouse's own failure (no paint in time, page crashed…), when it could not score the page. */
  error?: string;
}

/** A run that failed outright (on a busy machine the page may not paint in time) is tried this often. */
const ATTEMPTS = 2;

/**
 * Lighthouse's default (mobile) profile against each path of the running production server, one Chromium for
 * all: moto-G-sized screen, simulated slow 4G and a 4× slower CPU, as PageSpeed Insights reports it.
 */
export async function runLighthouse(baseUrl: string, paths: string[]): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const scores: LighthouseScores[] = [];
    for (const path of paths) {
      const audit = async () => {
        const result = await lighthouse(`${baseUrl}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        return result.lhr;
      };
      let lhr = await audit();
      for (let attempt = 1; lhr.runtimeError && attempt < ATTEMPTS; attempt++) lhr = await audit();
      const { categories: found, audits } = lhr;
      const score = (id: string) => {
        const value = found[id]?.score;
        return value === null || value === undefined ? null : Math.round(value * 100);
      };
      const metric = (id: string) => audits[id]?.numericValue ?? null;
      const scored = new Set(
        Object.values(found).flatMap((category) =>
          category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id),
        ),
      );
      const failedAudits = [...scored]
        .map((id) => audits[id])
        .filter((audit) => audit && audit.score !== null && audit.score < 0.9)
        .map((audit) => ({ id: audit?.id ?? '', score: audit?.score ?? 0, title: audit?.title ?? '' }))
        .sort((a, b) => a.score - b.score);
      scores.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        metrics: {
          firstContentfulPaintMs: metric('first-contentful-paint'),
          largestContentfulPaintMs: metric('largest-contentful-paint'),
          totalBlockingTimeMs: metric('total-blocking-time'),
          cumulativeLayoutShift: metric('cumulative-layout-shift'),
          speedIndexMs: metric('speed-index'),
          timeToInteractiveMs: metric('interactive'),
        },
        failedAudits,
        ...(lhr.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
