import type { ContactChannel, SupplierKind } from "@loupe/domain";
import type { Config } from "../../config";
import type { Db } from "../../platform/db/client";
import { createEmailTransport, type SupplierEmail } from "./email.adapter";
import { createFileDropTransport } from "./file-drop.adapter";
import { createLabApiTransport } from "./lab-api.adapter";
import { LensSupplierError, type LensSuppliers, type LensTransport } from "./lens-suppliers.port";
import { createLabSimulator } from "./simulator.adapter";

export type { SupplierEmail } from "./email.adapter";
export type {
  LabReport,
  LensOrderRef,
  LensOrderRequest,
  LensSuppliers,
  LensTransport,
  PlacedLensOrder,
} from "./lens-suppliers.port";
export { LensSupplierError } from "./lens-suppliers.port";
export { type OrderSheet, renderOrderSheet } from "./order-sheet";

export interface LensSupplierOptions {
  /** How supplier e-mails leave (the composition root hands the outbox's sender). */
  sendEmail: (mail: SupplierEmail, idempotencyKey: string) => Promise<void>;
  /** The simulator's clock, for tests. */
  now?: () => Date;
  /** Automatic interfaces by kind, overriding configuration (tests point them at stand-ins). */
  api?: Partial<Record<SupplierKind, LensTransport>>;
}

/**
 * The supplier side (ADR 0015): e-mail, file drop, and per supplier kind an automatic interface
 * when configured (LAB_API_<KIND>_URL and _KEY), else the local lab simulator (LAB_SIMULATOR).
 */
export function createLensSuppliers(config: Config, db: Db, options: LensSupplierOptions): LensSuppliers {
  const email = createEmailTransport(options.sendEmail);
  const fileDrop = createFileDropTransport(config.lensDropDir);
  const configured = (url?: string, key?: string) =>
    url && key
      ? createLabApiTransport({ baseUrl: url, apiKey: key, timeoutMs: config.LENS_SUPPLIER_TIMEOUT_MS })
      : null;
  const api: Partial<Record<SupplierKind, LensTransport | null>> = {
    hoya: options.api?.hoya ?? configured(config.LAB_API_HOYA_URL, config.LAB_API_HOYA_KEY),
    shamir: options.api?.shamir ?? configured(config.LAB_API_SHAMIR_URL, config.LAB_API_SHAMIR_KEY),
    standard: options.api?.standard ?? null,
  };
  const simulator = config.labSimulator
    ? createLabSimulator(db, { stepSeconds: config.LAB_SIMULATOR_STEP_SECONDS, now: options.now })
    : null;
  return {
    transportFor(kind: SupplierKind, channel: ContactChannel) {
      if (channel === "email") return email;
      if (channel === "file_drop") return fileDrop;
      const t = api[kind] ?? simulator;
      if (!t)
        throw new LensSupplierError(
          "rejected",
          "This supplier's automatic interface is not configured on this server: choose an e-mail contact.",
        );
      return t;
    },
    byName(name, kind) {
      if (name === "email") return email;
      if (name === "file_drop") return fileDrop;
      if (name === "simulator") return simulator;
      return api[kind] ?? null;
    },
  };
}
