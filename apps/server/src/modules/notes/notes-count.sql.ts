// The notes count as a subselect of another module's one-statement page (the customers list, the
// jobs list): those modules sit below notes, so they get these through their slots, and the page
// stays one statement (ADR 0034).

/** Notes written on the customer `alias` names (a `customers` row alias). */
export const customerNotesCountSql = (alias: string) =>
  `(select count(*) from notes n where n.customer_id = ${alias}.id)::int`;

/** Notes written on the job `alias` names (an `orders` row alias). */
export const orderNotesCountSql = (alias: string) =>
  `(select count(*)::int from notes n where n.order_id = ${alias}.id)`;
