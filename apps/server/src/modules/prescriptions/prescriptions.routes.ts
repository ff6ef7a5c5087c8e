import {
  attachPrescriptionFiles,
  createAnonymousPrescription,
  createPrescription,
  deletePrescription,
  detachPrescriptionFile,
  emailPrescription,
  listCustomerPrescriptions,
  updatePrescription,
} from "@loupe/contract";
import { FILE_DELETED_FROM_PRESCRIPTION, PRESCRIPTION_EMAILED } from "@loupe/domain";
import { prescriptionHoldsFileSlot } from "../files";
import type { ModuleContext } from "../module-context";
import { prescriptionHoldsFile } from "./prescriptions.queries";
import { createPrescriptionsService } from "./prescriptions.service";

export function registerPrescriptionsRoutes({ bind, db, outbox, slots }: ModuleContext): void {
  const service = createPrescriptionsService({ db, outbox, slots });
  // Files (below prescriptions) ask whether a prescription holds a file before removing it.
  prescriptionHoldsFileSlot.provide(slots, prescriptionHoldsFile);
  bind(createPrescription, async ({ staff, params, body, reply }) => {
    reply.status(201);
    return { data: await service.create(staff, params.id, body) };
  });
  bind(createAnonymousPrescription, async ({ staff, body, reply }) => {
    reply.status(201);
    return { data: await service.create(staff, null, body) };
  });
  bind(listCustomerPrescriptions, async ({ params }) => ({ data: await service.listForCustomer(params.id) }));
  bind(updatePrescription, async ({ staff, params, body }) => ({
    data: await service.update(staff, params.id, body),
  }));
  bind(deletePrescription, async ({ staff, params, query }) => {
    await service.remove(staff, params.id, query.version);
    return { message: "Prescription removed." };
  });
  bind(emailPrescription, async ({ params, body }) => {
    await service.email(params.id, body?.email);
    return { message: PRESCRIPTION_EMAILED };
  });
  bind(attachPrescriptionFiles, async ({ params, body }) => ({
    data: await service.attachFiles(params.userId, params.id, body.files),
  }));
  bind(detachPrescriptionFile, async ({ params }) => {
    await service.detachFile(params.userId, params.id, params.fileId);
    return { message: FILE_DELETED_FROM_PRESCRIPTION };
  });
}
