import type { MediaInfo, PartContent, PartRevision } from '../../../../shared/contract/authoring/partContent';
import { personName } from '../../../../shared/domain/people';
import type { MediaFileRow } from '../../../platform/db/schema';
import { editableOf } from '../domain/partContent';
import type { RevisionListRow } from '../queries';
import type { PartContentView } from '../services/partContent';

/** The media of a part's content by id, each with a signed link as learners get them. */
export function presentMedia(rows: readonly MediaFileRow[], sign: ((fileId: number) => string) | null) {
  const media: Record<string, MediaInfo> = {};
  if (!sign) return media;
  for (const row of rows) {
    media[String(row.id)] = {
      Url: sign(row.id),
      Name: row.original_name,
      MimeType: row.mime_type,
      DurationSeconds: row.duration_seconds,
      SizeBytes: row.size_bytes,
    };
  }
  return media;
}

export const presentPartContent = (view: PartContentView): PartContent => ({
  CoursePartId: view.coursePartId,
  Version: view.version,
  DefaultLanguage: view.defaultLanguage,
  Name: view.name,
  NameTranslations: view.nameTranslations,
  Blocks: view.blocks.map(editableOf),
  Media: presentMedia(view.media, view.sign),
  MissingTranslations: view.missingTranslations,
});

export const presentRevision = (row: Omit<RevisionListRow, never>): PartRevision => ({
  Id: row.id,
  UserId: row.user_id ?? 0,
  Username: personName(row.first_name, row.last_name),
  CreatedAt: row.created_at,
  Version: row.version,
});
