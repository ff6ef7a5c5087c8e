import type { LensSuppliers } from "../../integrations/lens-suppliers";
import type { SearchPort } from "../../integrations/search";
import type { Database } from "../../platform/db/client";
import type { SuppliersService } from "../suppliers";
import { createLensOrderCancel } from "./lens-order-cancel";
import type { LensOrderDeps } from "./lens-order-deps";
import { createLensOrderPlace } from "./lens-order-place";
import { createLensOrderReads } from "./lens-order-reads";
import { createLensOrderStatusPoll } from "./lens-order-status-poll";
import { createLensOrderSupplierRequest } from "./lens-order-supplier-request";
import { createLensOrderSupplierSend } from "./lens-order-supplier-send";
import { createLensOrderUpdate } from "./lens-order-update";

export type { Audit } from "./lens-order-deps";

/**
 * Lens orders, one file per use case: place (lens-order-place.ts), cancel (lens-order-cancel.ts),
 * updateOrder (lens-order-update.ts), the status poll and check (lens-order-status-poll.ts), the
 * send to a supplier (lens-order-supplier-send.ts) and what it receives
 * (lens-order-supplier-request.ts), over the reads (lens-order-reads.ts) and the order's timeline
 * (lens-order-events.ts). This composes them into the one service the routes and the poller use.
 */
export function createLensOrdersService({
  database,
  suppliers,
  suppliersService,
  search,
  timeoutMs,
  pollEverySeconds,
}: {
  database: Database;
  suppliers: LensSuppliers;
  suppliersService: SuppliersService;
  search: SearchPort;
  timeoutMs: number;
  pollEverySeconds: number;
}) {
  const deps: LensOrderDeps = {
    database,
    db: database.db,
    suppliers,
    suppliersService,
    search,
    timeoutMs,
    pollMs: Math.max(pollEverySeconds, 1) * 1000,
    stalePendingMs: timeoutMs * 2 + 30_000,
  };
  const reads = createLensOrderReads(deps);
  const request = createLensOrderSupplierRequest(deps);
  const send = createLensOrderSupplierSend(deps, reads, request);
  const poll = createLensOrderStatusPoll(deps, reads, request);
  const { place } = createLensOrderPlace(deps, reads, request, send);
  const { cancel, hoyaOrderOf } = createLensOrderCancel(deps, reads, request, poll);
  const { update } = createLensOrderUpdate(deps, reads, poll);

  return {
    wire: reads.wire,
    /** Takes an `unknown` order back up with its own key (Send again of a "Not sent" order, issue 33). */
    redrive: send.answerExisting,
    place,
    count: reads.count,
    listForItem: reads.listForItem,
    supplierForItem: reads.supplierForItem,
    cancel,
    update,
    hoyaOrderOf,
    statusCheck: poll.statusCheck,
    refresh: poll.refresh,
    rows: reads.rows,
    record: request.record,
    sheet: request.sheet,
  };
}
export type LensOrdersService = ReturnType<typeof createLensOrdersService>;
