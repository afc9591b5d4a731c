import type { RegistrationCode } from '../../../../shared/contract/codes/codes';
import { codeStatus, formatCode } from '../../../../shared/domain/codes/codes';
import { csvText } from '../../../platform/lib/csv';
import { type CodeRow, courseIdsOf } from '../queries/codes';

/** A code as staff see it; its courses named from `names` (courses removed since are left out). */
export function presentCode(row: CodeRow, names: Map<number, string>, at: string): RegistrationCode {
  return {
    Id: row.id,
    Code: formatCode(row.code),
    Status: codeStatus({ deactivatedAt: row.deactivated_at, validTo: row.valid_to }, at),
    Courses: courseIdsOf(row).flatMap((id) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ Id: id, Name: name }];
    }),
    AccessDays: row.access_days,
    AccessUntil: row.access_until,
    UsesTotal: row.uses_total,
    UsesLeft: row.uses_left,
    RedeemedCount: row.uses_total - row.uses_left,
    ValidFrom: row.valid_from,
    ValidTo: row.valid_to,
    Note: row.note,
    BatchKey: row.batch_key,
    CreatedAt: row.created_at,
  };
}

/** A batch as CSV for a spreadsheet: a header row, then one code per row. */
export function codesCsv(codes: RegistrationCode[]): string {
  const header = [
    'Code',
    'Status',
    'Courses',
    'Uses',
    'Uses left',
    'Access days',
    'Access until',
    'Valid from',
    'Valid to',
    'Note',
  ];
  const rows = codes.map((c) => [
    c.Code,
    c.Status,
    c.Courses.map((course) => course.Name).join('; '),
    c.UsesTotal,
    c.UsesLeft,
    c.AccessDays,
    c.AccessUntil,
    c.ValidFrom,
    c.ValidTo,
    c.Note,
  ]);
  return csvText(header, rows);
}
