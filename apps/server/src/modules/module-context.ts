import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Couriers } from "../integrations/couriers";
import type { FileStorage } from "../integrations/file-storage";
import type { LensSuppliers } from "../integrations/lens-suppliers";
import type { PaymentGateway } from "../integrations/payments";
import type { SalesStores } from "../integrations/sales";
import type { SearchPort } from "../integrations/search";
import type { Database, Db } from "../platform/db/client";
import type { ReadClient } from "../platform/db/read-client";
import type { Binder } from "../platform/http/bind";
import type { Queue } from "../platform/queue/queue";
import type { Slots } from "../platform/slots";
import type { OutboxService } from "./outbox";

/** What the composition root hands every module's `register…Routes`. Ports are added here as modules need them. */
export interface ModuleContext {
  app: FastifyInstance;
  bind: Binder;
  config: Config;
  couriers: Couriers;
  database: Database;
  db: Db;
  /** The supplier side of lens orders: e-mail, file drop, automatic interfaces or the local lab. */
  lensSuppliers: LensSuppliers;
  outbox: OutboxService;
  /** The card gateway (Stripe when configured, else the local sandbox). */
  payments: PaymentGateway;
  /** The one queue of background work (ADR 0054): a module registers its task kinds and schedules here. */
  queue: Queue;
  /**
   * Long reads that may be seconds behind (reports, list exports): the read replica when configured
   * and caught up, else the primary (ADR 0040). A screen that reads after its own write uses `db`.
   */
  readDb: ReadClient;
  /** The point of sale's and web shop's stores (issue 45): configured, or the local stand-ins. */
  sales: SalesStores;
  search: SearchPort;
  /** Where a higher module answers a lower one's question without an import back up (platform/slots.ts). */
  slots: Slots;
  storage: FileStorage;
}
