import { SUPPLIER_MESSAGES } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { seedDemoSupplierContacts } from "../../seed/demo-suppliers";
import { confirmedJob } from "../../test/confirmed-job";
import { lensOrderBody, multifocal } from "../../test/lens-order-fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * Removing a supplier contact: deleted when no lens order went through it, made inactive when one
 * did (the lens-orders module answers which, through the suppliers' contactHasOrders slot).
 */
describe("removing a supplier contact", () => {
  let t: TestApp;
  let admin: string;
  const contactRow = async (id: number) =>
    (
      await t.database.query<{ version: number; is_active: boolean }>(
        "select version, is_active from supplier_contacts where id = $1",
        [id],
      )
    )[0];
  const remove = (id: number, version: number) =>
    t.call(admin, { method: "DELETE", url: `/api/staff/supplier-contacts/${id}?version=${version}` });

  beforeAll(async () => {
    t = await createTestApp({ env: { LENS_STATUS_POLL_SECONDS: "0", OUTBOX_POLL_SECONDS: "3600" } });
    await seedLensCatalogue(t.database.db);
    await seedDemoSupplierContacts(t.database.db);
    admin = await t.login();
  }, 120_000);
  afterAll(() => t.close());

  it("deletes a contact no lens order went through", async () => {
    const made = await t.call(admin, {
      method: "POST",
      url: "/api/staff/suppliers/1/contacts",
      payload: {
        region_id: 2,
        first_name: "Kiri",
        last_name: "Tane",
        mail: "nz@hoya.example",
        channel: "email",
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { id, version } = made.json().data;
    const res = await remove(id, version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SUPPLIER_MESSAGES.contactRemoved);
    expect(await contactRow(id)).toBeUndefined();
  });

  it("keeps a contact a lens order went through, made inactive", async () => {
    const job = await confirmedJob(t, admin, { ...multifocal, lensSupplier: "Hoya" });
    const body = await lensOrderBody(t, job, "HOYA", "api");
    const placed = await t.call(admin, { method: "POST", url: "/api/order_lens", payload: body });
    expect(placed.statusCode, placed.body).toBe(200);
    const before = await contactRow(body.supplier_contact_id);
    const res = await remove(body.supplier_contact_id, before.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SUPPLIER_MESSAGES.contactDeactivated);
    expect(await contactRow(body.supplier_contact_id)).toMatchObject({
      is_active: false,
      version: before.version + 1,
    });
  });
});
