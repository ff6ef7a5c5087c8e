import fs from "node:fs/promises";
import path from "node:path";
import { SUPPLIER_STATE_RULES } from "@loupe/domain";
import { LensSupplierError, type LensTransport } from "./lens-suppliers.port";

const SAFE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * File drop: the DCS record written as `<folder>/<reference>.vca` under LENS_DROP_DIR, where the
 * lab system (or a sync client) picks it up, as lab software imports VCA files. Written to a
 * temporary name and renamed, so the lab never reads half a file. A cancel removes the file while
 * the lab has not taken it; once it has, the lab must be phoned.
 */
export function createFileDropTransport(root: string): LensTransport {
  const fileOf = (folder: string | null, reference: string) => {
    if (!folder || !SAFE.test(folder))
      throw new LensSupplierError("rejected", "This contact has no valid drop folder.");
    if (!SAFE.test(reference))
      throw new LensSupplierError("rejected", "The order reference cannot be a file name.");
    return path.join(root, folder, `${reference}.vca`);
  };
  return {
    name: "file_drop",
    reports: false,
    async place(request) {
      const file = fileOf(request.contact.dropFolder, request.reference);
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        await fs.writeFile(tmp, request.record, "ascii");
        await fs.rename(tmp, file);
      } catch (err) {
        throw new LensSupplierError(
          "unavailable",
          `The drop folder could not be written: ${(err as Error).message}`,
        );
      }
      return { supplierReference: null, statusCode: SUPPLIER_STATE_RULES[request.kind].sent, eta: null };
    },
    async cancel(order, cancelledCode) {
      const file = fileOf(order.contact.dropFolder, order.reference);
      try {
        await fs.unlink(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT")
          throw new LensSupplierError(
            "rejected",
            "The lab has already taken this order from the drop folder: phone the lab to cancel it.",
          );
        throw new LensSupplierError(
          "unavailable",
          `The drop folder could not be read: ${(err as Error).message}`,
        );
      }
      return { statusCode: cancelledCode };
    },
    async status() {
      return [];
    },
  };
}
