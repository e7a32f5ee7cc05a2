// The credits feature as other code sees it (decision 0025): import from here, never from its files.

// For the back office (O-02): refunds by finance staff, and the staff adjustments' ledger reason and notes.
export type { ReceiptDeps } from './receipts.ts';
// Members' refund requests (issue 26): the back office lists and decides them.
export { findRefundRequestById, findRefundRequests, type RefundRequestListRow } from './refund-queries.ts';
export { refundUntil, refuseRefundRequest } from './refund-requests.ts';
export { refundPayment } from './refunds.ts';
export { seedCredits } from './seed.ts';
export { STAFF_ADJUSTMENT_REASON, STAFF_CREDITS_ACTION, staffNotesOf } from './transactions.ts';
