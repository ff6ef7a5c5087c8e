// Addresses inside the app that the jobs list and the expanded job both link to (kept apart from
// the expanded job's code, which loads only when a row is opened).

/** The customer's own record, by id and expanded: a namesake can never be opened instead. */
export const customerProfilePath = (job: { customer_id: number | null }) => `/customers/${job.customer_id}`;
