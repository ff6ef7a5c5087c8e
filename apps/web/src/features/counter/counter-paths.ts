// The counter's addresses (issue 44). Kept apart from the screens so the customers list, the jobs
// screen and the command palette link to them without loading the quote editor.

export type CounterMode = "job" | "quote";

/** Starting a job or a quote: for this customer, or (without one) for a customer chosen there or a guest. */
export const newCounterPath = (mode: CounterMode, customerId?: number | null) =>
  `/quotes/new?for=${mode}${customerId ? `&customer_id=${customerId}` : ""}`;

/** An open quote (or the job in the making: `for=job` makes "Create job" its first action). */
export const quotePath = (id: number, mode: CounterMode = "quote") =>
  `/quotes/${id}${mode === "job" ? "?for=job" : ""}`;

export const COUNTER_LABELS: Record<CounterMode, string> = { job: "New job", quote: "New quote" };
