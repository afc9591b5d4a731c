/** What the audit trail of the books (behandlingshistorik) records: each change, by whom and when. */
export const auditActions = [
  'voucher',
  'payment',
  'attachment',
  'settlement',
  'settlement line resolved',
  'account saved',
  'period closed',
  'rates imported',
  'settings changed',
  'customer created',
  'customer changed',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The audit trail's page size. */
export const AUDIT_PAGE = 100;
