/** The files that document a voucher (its receipts, the supplier's invoice): kept as they came, never removed. */

/** The largest attachment (a scanned receipt or a supplier's PDF invoice). */
export const MAX_ATTACHMENT_BYTES = 20 * 2 ** 20;
/** The most files one voucher holds. */
export const MAX_ATTACHMENTS_PER_VOUCHER = 20;
