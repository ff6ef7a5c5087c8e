import {
  createItemSelection,
  getContactLensPrescriptionFile,
  getRegionProductLensType,
  listItemSelectionRevisions,
  listProductLensAddons,
  listRegionProducts,
  restoreItemSelectionRevision,
  saveItemSelection,
} from "@loupe/contract";
import { JOB_EDIT_MESSAGES } from "@loupe/domain";
import { create as contentDisposition } from "content-disposition";
import type { StaffUserRow } from "../../platform/http/auth-guard";
import { createFilesService } from "../files";
import { customerChangeReentrySlot } from "../jobs";
import type { ModuleContext } from "../module-context";
import { clearPrescriptionsForNewCustomer } from "./job-edit.reentry";
import { createJobEditService } from "./job-edit.service";

export function registerJobEditRoutes({ bind, db, outbox, storage, slots }: ModuleContext): void {
  // A customer change on a job clears the selections' prescriptions (ADR 0028); jobs asks through this slot.
  customerChangeReentrySlot.provide(slots, clearPrescriptionsForNewCustomer);
  const service = createJobEditService({ db, outbox, slots });
  const files = createFilesService({ db, storage });
  bind(listProductLensAddons, ({ query }) => service.lensOptions(query));
  bind(getRegionProductLensType, async ({ params }) => ({ data: await service.lensType(params.id) }));
  bind(listRegionProducts, async ({ query }) => ({ data: await service.products(query.region_id) }));
  const save = async ({
    staff,
    params,
    body,
  }: {
    staff: StaffUserRow;
    params: { id: number };
    body: unknown;
  }) => ({
    data: await service.save(staff, params.id, body),
    message: JOB_EDIT_MESSAGES.saved,
  });
  bind(saveItemSelection, save);
  bind(createItemSelection, save);
  bind(listItemSelectionRevisions, async ({ params }) => ({ data: await service.revisions(params.id) }));
  bind(restoreItemSelectionRevision, async ({ staff, params, body }) => ({
    data: await service.restore(staff, params.id, params.revision, body.revision),
    message: JOB_EDIT_MESSAGES.saved,
  }));
  bind(getContactLensPrescriptionFile, async ({ params, reply }) => {
    const fileId = await service.contactLensPrescriptionFileId(params.id);
    const { row, stream, mime } = await files.open(fileId, false);
    reply
      .header("content-type", mime)
      .header("content-disposition", contentDisposition(row.fileName, { type: "attachment" }))
      .header("content-security-policy", "sandbox; default-src 'none'")
      .header("cache-control", "private, max-age=3600")
      .header("x-content-type-options", "nosniff");
    return reply.send(stream);
  });
}
