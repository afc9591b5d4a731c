import { saveSurvey, setSurveyStatus } from '../../src/server/modules/surveys';
import type { Db } from '../../src/server/platform/db';

/** An open survey of a site, asked of every signed-in user: one required 1–5 scale and a free text. */
export async function createSurvey(
  db: Db,
  opts: { site: { id: number }; userId: number; title?: string; anonymous?: boolean },
): Promise<number> {
  const id = await saveSurvey(db, {
    siteId: opts.site.id,
    userId: opts.userId,
    input: {
      Id: null,
      Texts: { en: { Title: opts.title ?? 'How is it going?', Intro: '' } },
      Anonymous: opts.anonymous ?? false,
      Audience: 'all',
      AudienceId: null,
      OpensAt: null,
      ClosesAt: null,
      AllowChange: false,
      AfterCourseId: null,
      Questions: [
        {
          Id: null,
          Kind: 'scale',
          Required: true,
          ScaleMax: 5,
          Texts: { en: { Text: 'Clear?', Options: [], Low: '', High: '' } },
        },
        {
          Id: null,
          Kind: 'text',
          Required: false,
          ScaleMax: 5,
          Texts: { en: { Text: 'Hardest?', Options: [], Low: '', High: '' } },
        },
      ],
    },
  });
  await setSurveyStatus(db, { siteId: opts.site.id, id, status: 'open' });
  return id;
}
