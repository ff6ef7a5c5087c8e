import type { LensOrderSnapshot } from "@loupe/domain";
import type { LensSuppliers } from "../../integrations/lens-suppliers";
import type { SearchPort } from "../../integrations/search";
import type { Database, Db } from "../../platform/db/client";
import type { AccessEntry } from "../access-log";
import type { SuppliersService } from "../suppliers";

// What the parts of the lens orders service share; lens-orders.service.ts composes them.

/** Who is acting and from where, for the access log (a send to a supplier carries health data). */
export type Audit = Pick<AccessEntry, "staff" | "screen" | "route" | "requestId" | "address">;

export type Snapshot = LensOrderSnapshot & {
  pd?: (LensOrderSnapshot["pd"] & { frame_size?: string | null }) | null;
  prescription?: (NonNullable<LensOrderSnapshot["prescription"]> & { category?: string | null }) | null;
};
export type Info = {
  data?: Snapshot;
  pdPresenter?: { error?: string | null; data?: { width?: { binocular?: number | null } } } | null;
  revision?: number;
};

export const staffName = (s: { firstName: string; lastName: string }) =>
  `${s.firstName} ${s.lastName}`.trim();

/** What every part is given. */
export interface LensOrderDeps {
  database: Database;
  db: Db;
  suppliers: LensSuppliers;
  suppliersService: SuppliersService;
  search: SearchPort;
  timeoutMs: number;
  /** When a placed order that reports is first asked again. */
  pollMs: number;
  /** A pending order older than this is taken back up rather than waited for. */
  stalePendingMs: number;
}
