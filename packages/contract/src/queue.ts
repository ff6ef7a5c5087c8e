import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, idParams, qInt } from "./envelope";

/** One kind of background task and how many of its tasks stand in each state (ADR 0054). */
export const queueKindWire = z.object({
  kind: z.string(),
  /** Due and waiting for a worker: the queue's depth. */
  due: z.number(),
  running: z.number(),
  /** Waiting for a retry's backoff or a schedule's next slot. */
  later: z.number(),
  dead: z.number(),
});
export type QueueKindWire = z.infer<typeof queueKindWire>;

/** A task whose tries ran out: it is never run again unless an administrator retries it. */
export const deadTaskWire = z.object({
  id: z.number(),
  kind: z.string(),
  key: z.string().nullable(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  /** When its last run was due. */
  run_at: z.string(),
  dead_at: z.string(),
  created_at: z.string(),
});
export type DeadTaskWire = z.infer<typeof deadTaskWire>;

export const getBackgroundQueue = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/queue",
  summary:
    "The background queue: tasks by kind and state, and the dead letter, newest first (administrators)",
  query: z.object({ limit: qInt.min(1).max(500).default(100) }),
  response: dataEnvelope(z.object({ kinds: z.array(queueKindWire), dead: z.array(deadTaskWire) })),
});

export const retryDeadTask = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/queue/dead/:id/retry",
  summary: "Run a dead task again now, with a fresh round of tries (administrators)",
  params: idParams,
  response: dataEnvelope(z.object({ id: z.number() })),
});

export const discardDeadTask = defineEndpoint({
  method: "DELETE",
  base: "api",
  path: "/staff/queue/dead/:id",
  summary: "Drop a dead task for good (administrators)",
  params: idParams,
  response: dataEnvelope(z.object({ id: z.number() })),
});
