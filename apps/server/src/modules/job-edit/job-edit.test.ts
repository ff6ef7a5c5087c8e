import { JOB_EDIT_MESSAGES, pdPurposeFor } from "@loupe/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { insertBareOrder } from "../../test/bare-order";
import { createTestApp, type TestApp } from "../../test/test-app";
import type { OutboxService } from "../outbox";
import { createPdsService, type PresenterOptions } from "../pds";
import { createPrescriptionsService } from "../prescriptions";
import { lensOptionRows } from "./job-edit.queries";
import { toLensOptionWires } from "./job-edit.snapshot";

/**
 * The job edit calls (jobs-area §7): lens options for a prescription, PD and frame; a product's
 * lens type; saving a selection as numbered revisions (ADR 0011) with a 409 for a stale one and a
 * snapshot that later prescription edits do not change; restoring; contact lenses.
 */

let t: TestApp;
let admin: string;
let sam: string;
let customerId: number;
let otherCustomerId: number;
let rxSource: number;
let pdSource: number;
let frameColour: number;
let armColour: number;
const product: Record<string, number> = {};

const q = async <T>(sql: string, params: unknown[] = []) => t.database.query<T>(sql, params);

async function makeOrder(productId: number, customer: number | null) {
  const { orderId, itemIds } = await insertBareOrder(t.database, {
    productId,
    items: 1,
    customerId: customer,
    itemMinor: 39500,
    name: { uidPrefix: "JE", first: "Jo", last: "Edit" },
  });
  return { orderId, itemId: itemIds[0] };
}

async function makeRx(customer: number | null, body: Record<string, unknown>) {
  const url = customer
    ? `/api/v4/users/${customer}/prescriptions`
    : "/api/v4/users/prescriptions/storeAnonymous";
  const res = await t.call(admin, {
    method: "POST",
    url,
    payload: { type_id: 1, source_id: rxSource, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number };
}

async function makePd(customer: number | null, body: Record<string, unknown>) {
  const res = await t.call(admin, {
    method: "POST",
    url: customer ? "/api/customer-pd" : "/api/customer-pd-guest",
    payload: { ...(customer ? { customer_user_id: customer } : {}), source_id: pdSource, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

const multifocalRx = {
  right_sph: -2,
  left_sph: -2.5,
  right_cyl: -0.75,
  right_axis: 90,
  spectacles: { right_near_add: 2, left_near_add: 2 },
};
const heights = { binocular_dist_pd: 62, right_height_multifocal: 22, left_height_multifocal: 22 };
const frame = (size = "M", shape = "classic") => ({
  front: { shape, size, colorId: frameColour, isExistingFrame: false },
  left: { size, colorId: armColour },
  right: { size, colorId: armColour },
});
const options = async (query: string) =>
  t.call(admin, { method: "GET", url: `/api/staff/product-lens-addons?${query}` });
const save = (token: string, itemId: number, body: Record<string, unknown>, method: "PUT" | "POST" = "PUT") =>
  t.call(token, { method, url: `/api/staff/order-items/${itemId}/info`, payload: body });

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCustomers(t.database.db, { customers: 10, jobs: 60 });
  await seedDemoJobs(t.database.db, { customers: 10, jobs: 60 });
  await seedLensCatalogue(t.database.db);
  admin = await t.login();
  sam = await t.login("sam@loupe.test");
  const products = await q<{ id: number; name: string }>(
    "select id, name from region_products where region_id = 1",
  );
  for (const p of products) product[p.name] = p.id;
  customerId = (
    await t.call(admin, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Jo", last_name: "Edit" },
    })
  ).json().data.id;
  otherCustomerId = (
    await t.call(admin, { method: "POST", url: "/api/user", payload: { first_name: "Other" } })
  ).json().data.id;
  rxSource = (await t.call(admin, { method: "GET", url: "/api/prescription-source" })).json().data[0].id;
  pdSource = (await t.call(admin, { method: "GET", url: "/api/pd-source" })).json().data[0].id;
  frameColour = (await t.call(admin, { method: "GET", url: "/api/colors?type=Frame" })).json().data[0].id;
  armColour = (await t.call(admin, { method: "GET", url: "/api/colors?type=Temple" })).json().data[0].id;
}, 60_000);
afterAll(() => t.close());

describe("catalogue", () => {
  it("answers a region product's lens type and the region's catalogue", async () => {
    const res = await t.call(admin, {
      method: "GET",
      url: `/api/staff/region-products/${product["Milo frame + multifocal lenses"]}/lens-type`,
    });
    expect(res.json().data).toMatchObject({
      lenses_type: "multifocal",
      requires_prescription: true,
      lens_type: { key: "multifocal", name: "Multifocal" },
      parent_type: { key: "glasses" },
    });
    const list = (
      await t.call(admin, { method: "GET", url: "/api/staff/region-products?region_id=1" })
    ).json().data;
    expect(list.map((p: { product: { type: { key: string } } }) => p.product.type.key)).toEqual(
      expect.arrayContaining([
        "glasses",
        "frames",
        "lenses-only",
        "contact-lenses",
        "sunglasses",
        "accessories",
      ]),
    );
    const missing = await t.call(admin, {
      method: "GET",
      url: "/api/staff/region-products/999999/lens-type",
    });
    expect(missing.statusCode).toBe(404);
  });

  it("links demo items to every lens type, office and bifocal included", async () => {
    const rows = await q<{ lenses_type: string | null }>(
      `select distinct rp.lenses_type from order_items oi join region_products rp on rp.id = oi.region_product_id`,
    );
    expect(rows.map((r) => r.lenses_type)).toEqual(
      expect.arrayContaining(["single-vision", "multifocal", "desk", "bifocal"]),
    );
    const [{ n }] = await q<{ n: number }>(
      "select count(*)::int as n from lens_addon_combinations c join lenses l on l.id = c.lens_id join region_products p on p.id = c.region_product_id where l.lens_type_key <> p.lenses_type",
    );
    expect(n).toBe(0);
  });

  it("lists frame and temple colours with hex codes", async () => {
    const frames = (await t.call(admin, { method: "GET", url: "/api/colors?type=Frame" })).json().data;
    expect(
      frames.every((c: { type: string; hex_code: string }) => c.type === "Frame" && /^#/.test(c.hex_code)),
    ).toBe(true);
  });
});

describe("lens options", () => {
  it("offers the lenses a multifocal prescription can be made in, Hoya first, Zeiss dropped with a reason", async () => {
    const rx = await makeRx(customerId, multifocalRx);
    const pd = await makePd(customerId, heights);
    const res = await options(
      `region_product_id=${product["Milo frame + multifocal lenses"]}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=M`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.invalid_error_msg).toBeNull();
    expect(body.messages).toEqual([]);
    const valid = body.data.filter((o: { invalid_error_msg: string | null }) => !o.invalid_error_msg);
    expect(valid.length).toBeGreaterThan(3);
    expect(valid[0].lenses).toMatchObject({ name: "Hoyalux iD MyStyle long", supplier: { name: "Hoya" } });
    const zeiss = body.data.filter(
      (o: { lenses: { supplier: { name: string } } }) => o.lenses.supplier.name === "Zeiss",
    );
    expect(zeiss.length).toBeGreaterThan(0);
    expect(
      zeiss.every(
        (o: { invalid_error_msg: string }) => o.invalid_error_msg === JOB_EDIT_MESSAGES.zeissExcluded,
      ),
    ).toBe(true);
    expect(body.data[0]).toMatchObject({
      coating: { name: expect.any(String), display_name: expect.any(String) },
      lenses: { display_thickness: expect.any(String), diameters: expect.any(Array) },
    });
  });

  it("drops lenses whose diameters do not fit a narrow PD in a large frame", async () => {
    const rx = await makeRx(customerId, multifocalRx);
    const pd = await makePd(customerId, { ...heights, binocular_dist_pd: 60 });
    const body = (
      await options(
        `region_product_id=${product["Milo frame + multifocal lenses"]}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=L`,
      )
    ).json();
    // L needs PD ≥ 64 for 70 mm and ≥ 59 for 75 mm: only lenses that come in 75 mm remain.
    for (const o of body.data) {
      if (o.lenses.supplier.name === "Zeiss") continue;
      expect(o.invalid_error_msg, o.lenses.name).toBe(
        o.lenses.diameters.includes(75) ? null : JOB_EDIT_MESSAGES.diameterTooSmall,
      );
    }
  });

  it("says No lens available when the prescription is outside every lens's range", async () => {
    const rx = await makeRx(customerId, { ...multifocalRx, right_sph: -16, left_sph: -16 });
    const pd = await makePd(customerId, heights);
    const body = (
      await options(
        `region_product_id=${product["Milo frame + multifocal lenses"]}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=M`,
      )
    ).json();
    expect(body.invalid_error_msg).toBe("No lens available");
    expect(body.messages).toEqual(["No lenses match this prescription", "No lens available"]);
  });

  it("asks for a frame size", async () => {
    const body = (await options(`region_product_id=${product["Harper frame + lenses"]}`)).json();
    expect(body.messages).toEqual(["Frame size required"]);
    expect(body.invalid_error_msg).toBe("Frame size required");
  });
});

describe("saving a selection", () => {
  it("validates the whole selection with the domain rules and names each field", async () => {
    const { itemId } = await makeOrder(product["Milo frame + multifocal lenses"], customerId);
    const res = await save(admin, itemId, { customize: frame("XS", "round") });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      ["frameSize", "leftArmSize", "pdId", "prescription", "product_lens_addons_id", "rightArmSize"].sort(),
    );
    const sv = await makeOrder(product["Harper frame + lenses"], customerId);
    const rx = await makeRx(customerId, { right_sph: -1, left_sph: -1 });
    const pd = await makePd(customerId, { binocular_dist_pd: 62 });
    const noType = await save(admin, sv.itemId, {
      customize: frame(),
      prescription: { id: rx.id, type: "intermediate" },
      pdId: pd.id,
    });
    expect(noType.json().errors.prescription).toEqual([JOB_EDIT_MESSAGES.intermediateNotOffered]);
  });

  it("refuses another customer's prescription", async () => {
    const { itemId } = await makeOrder(product["Milo frame + multifocal lenses"], customerId);
    const rx = await makeRx(otherCustomerId, multifocalRx);
    const res = await save(admin, itemId, { customize: frame(), prescription: { id: rx.id, type: null } });
    expect(res.json().errors.prescription).toEqual(["This prescription belongs to another customer."]);
  });

  it("saves revision 1, refuses a stale save with who saved first, and keeps the snapshot when the prescription changes", async () => {
    const { orderId, itemId } = await makeOrder(product["Milo frame + multifocal lenses"], customerId);
    const rx = await makeRx(customerId, multifocalRx);
    const pd = await makePd(customerId, heights);
    const list = (
      await options(
        `region_product_id=${product["Milo frame + multifocal lenses"]}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=M`,
      )
    ).json().data;
    const lens = list.find((o: { invalid_error_msg: string | null }) => !o.invalid_error_msg);
    const selection = {
      customize: frame(),
      prescription: { id: rx.id, type: null },
      pdId: pd.id,
      product_lens_addons_id: lens.id,
      revision: 0,
    };
    const first = await save(sam, itemId, selection, "POST");
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe("Selections successfully confirmed.");
    const info = first.json().data.additional_info;
    expect(info).toMatchObject({
      id: 1,
      revision: 1,
      data: {
        productType: "glasses",
        customize: { Frame: { shape: "classic", size: "M" }, "Temple Left": { size: "M" } },
        prescription: { id: rx.id, right_sph: -2 },
        pd: { id: pd.id, right_height_multifocal: 22 },
        lens_addon_combination: { id: lens.id },
      },
      pdPresenter: { data: { width: { binocular: 62 } } },
    });

    const stale = await save(admin, itemId, { ...selection, customize: frame("L") });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe("conflict");
    expect(stale.json().message).toMatch(
      /^This job selection was changed by Sam .* Reload to see their changes\.$/,
    );
    expect(stale.json().details.versionConflict).toMatchObject({ expected_version: 0, current_version: 1 });

    const edited = await t.call(admin, {
      method: "PUT",
      url: `/api/v4/prescriptions/${rx.id}`,
      payload: { ...multifocalRx, type_id: 1, source_id: rxSource, right_sph: -4, version: rx.version },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const job = (await t.call(admin, { method: "GET", url: `/api/staff/orders/${orderId}` })).json().data;
    const item = job.items.find((i: { id: number }) => i.id === itemId);
    expect(item.additional_info.data.prescription.right_sph).toBe(-2);
    expect(item.additional_info.revision).toBe(1);

    const second = await save(admin, itemId, { ...selection, customize: frame("L"), revision: 1 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.additional_info.data.prescription.right_sph).toBe(-4);

    const revisions = (
      await t.call(admin, { method: "GET", url: `/api/staff/order-items/${itemId}/info/revisions` })
    ).json().data;
    expect(revisions.map((r: { revision: number }) => r.revision)).toEqual([2, 1]);
    expect(revisions[1].staff.full_name).toMatch(/^Sam/);

    const staleRestore = await t.call(admin, {
      method: "POST",
      url: `/api/staff/order-items/${itemId}/info/revisions/1/restore`,
      payload: { revision: 1 },
    });
    expect(staleRestore.statusCode).toBe(409);
    const restored = await t.call(admin, {
      method: "POST",
      url: `/api/staff/order-items/${itemId}/info/revisions/1/restore`,
      payload: { revision: 2 },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data.additional_info).toMatchObject({
      revision: 3,
      restored_from: 1,
      data: { prescription: { right_sph: -2 }, customize: { Frame: { size: "M" } } },
    });
  });

  it("saves a product without a prescription with frame data alone; Non-Loupe sizes are nd", async () => {
    const { itemId } = await makeOrder(product["Harper frame only"], customerId);
    const res = await save(admin, itemId, { customize: frame("nd", "non-brand") });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.additional_info.data.customize.Frame).toMatchObject({
      shape: "non-brand",
      size: "nd",
    });
    const wrong = await save(admin, itemId, { customize: frame("M", "non-brand"), revision: 1 });
    expect(wrong.statusCode).toBe(422);
  });

  it("saves a guest job with an anonymous prescription and guest PD", async () => {
    const { itemId } = await makeOrder(product["Harper frame + lenses"], null);
    const rx = await makeRx(null, { right_sph: -1, left_sph: -1.25 });
    const pd = await makePd(null, { binocular_dist_pd: 62, lens_type: 3 });
    const list = (
      await options(
        `region_product_id=${product["Harper frame + lenses"]}&prescription_id=${rx.id}&prescription_type=distance&pd_id=${pd.id}&frame_size=M`,
      )
    ).json().data;
    const lens = list.find((o: { invalid_error_msg: string | null }) => !o.invalid_error_msg);
    const res = await save(admin, itemId, {
      customize: frame(),
      prescription: { id: rx.id, type: "distance" },
      pdId: pd.id,
      product_lens_addons_id: lens.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.additional_info.data.prescription.type).toBe("distance");
  });

  it("records a contact-lens item's prescription (brand, base curve, diameter, power); its file is served", async () => {
    const { itemId } = await makeOrder(product["Daily contact lenses (90 pack)"], customerId);
    const rx = await makeRx(customerId, {
      type_id: 2,
      right_sph: -2.5,
      left_sph: -2.25,
      contact_lens: {
        brand: "Acuvue Oasys",
        right_base_curve: 8.4,
        left_base_curve: 8.4,
        right_diameter: 14,
        left_diameter: 14,
      },
    });
    const empty = { size: null, colorId: null };
    const res = await save(admin, itemId, {
      customize: { front: { ...empty, shape: null }, left: empty, right: empty },
      prescription: { id: rx.id, type: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.additional_info.data.contact_lens).toMatchObject({
      brand: "Acuvue Oasys",
      right: { base_curve: 8.4, diameter: 14, power: -2.5 },
    });
    const spectacle = await makeRx(customerId, multifocalRx);
    const wrong = await save(admin, itemId, {
      customize: { front: { ...empty, shape: null }, left: empty, right: empty },
      prescription: { id: spectacle.id, type: null },
      revision: 1,
    });
    expect(wrong.statusCode).toBe(422);
    const noFile = await t.call(admin, {
      method: "GET",
      url: `/api/io-api/getContactLensPrescriptionFile/${rx.id}`,
    });
    expect(noFile.statusCode).toBe(404);
    const upload = await t.call(admin, {
      method: "POST",
      url: `/api/customer/${customerId}/files`,
      headers: { "content-type": "multipart/form-data; boundary=XX" },
      payload: Buffer.concat([
        Buffer.from(
          '--XX\r\nContent-Disposition: form-data; name="files[0]"; filename="cl.png"\r\nContent-Type: image/png\r\n\r\n',
        ),
        Buffer.from(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
          "base64",
        ),
        Buffer.from("\r\n--XX--\r\n"),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = upload.json().data[0].id;
    await t.call(admin, {
      method: "PUT",
      url: `/legacy-api/v4/users/${customerId}/prescriptions/${rx.id}/files`,
      payload: { files: [fileId] },
    });
    const file = await t.call(admin, {
      method: "GET",
      url: `/api/io-api/getContactLensPrescriptionFile/${rx.id}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["content-disposition"]).toMatch(/attachment/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("parallel saves from the same revision (PostgreSQL)", () => {
  it("lets exactly one win, every round", async () => {
    for (let round = 0; round < 5; round++) {
      const { itemId } = await makeOrder(product["Harper frame only"], customerId);
      const results = await Promise.all(
        ["S", "M", "L", "XS", "M"].map((size) =>
          save(admin, itemId, { customize: frame(size), revision: 0 }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409]);
      const [{ n }] = await q<{ n: number }>(
        "select count(*)::int as n from order_item_selections where order_item_id = $1",
        [itemId],
      );
      expect(n).toBe(1);
    }
  });
});

describe("reads in one statement", () => {
  // The lens options read the product with its options, the prescription with its writer and files,
  // and the PD with its writer, one statement each, the sources from the process's copy. These hold
  // them to the answers of the reads they replaced (the list reads, and the two option statements).
  const outbox = {} as OutboxService;

  it("answers one prescription with its named writer, source and files as the customer's list does", async () => {
    const rx = await makeRx(customerId, { ...multifocalRx, source_id: rxSource });
    const fileIds: number[] = [];
    for (const name of ["scan-b.pdf", "scan-a.jpg"]) {
      const [{ id }] = await q<{ id: number }>(
        `insert into files (customer_id, file_name, storage_key, mime_type, size_bytes)
         values ($1, $2, $2, 'application/pdf', 10) returning id`,
        [customerId, name],
      );
      fileIds.push(id);
    }
    // Linked in the order of their ids, as uploads are (the separate files read had no order).
    for (const id of [...fileIds].sort((a, b) => a - b))
      await q("insert into prescription_files (prescription_id, file_id) values ($1, $2)", [rx.id, id]);
    const service = createPrescriptionsService({ db: t.database.db, outbox });
    const one = await service.get(rx.id);
    const listed = (await service.listForCustomer(customerId)).find((r) => r.id === rx.id);
    expect(one).toEqual(listed);
    expect(one.staff?.data.full_name).toMatch(/\S/);
    expect(one.source.data.name).toMatch(/\S/);
    expect(one.files.map((f) => f.id)).toEqual([...fileIds].sort((a, b) => a - b));
    const bare = await makeRx(customerId, { ...multifocalRx, source_id: rxSource });
    await q("update prescriptions set staff_user_id = null where id = $1", [bare.id]);
    const bareOne = await service.get(bare.id);
    expect(bareOne).toEqual((await service.listForCustomer(customerId)).find((r) => r.id === bare.id));
    expect(bareOne).toMatchObject({ staff: null, files: [] });
    await expect(service.get(99_999_999)).rejects.toMatchObject({ code: "not_found" });
  });

  it("answers one PD with its named writer and source as the customer's list does", async () => {
    const pd = await makePd(customerId, heights);
    const service = createPdsService({ db: t.database.db });
    const presenter: PresenterOptions = {
      purpose: pdPurposeFor("multifocal", undefined),
      lensType: "multifocal",
    };
    const one = await service.get(pd.id, presenter);
    expect(one).toEqual((await service.listForCustomer(customerId, presenter)).find((r) => r.id === pd.id));
    expect(one.staff?.data.full_name).toMatch(/\S/);
    await expect(service.get(99_999_999, {})).rejects.toMatchObject({ code: "not_found" });
  });

  it("offers the options the two statements offered, an inactive lens's left out", async () => {
    const productId = product["Milo frame + multifocal lenses"];
    const rx = await makeRx(customerId, multifocalRx);
    const pd = await makePd(customerId, heights);
    const [{ lens_id }] = await q<{ lens_id: number }>(
      "select lens_id from lens_addon_combinations where region_product_id = $1 order by id limit 1",
      [productId],
    );
    await q("update lenses set is_active = false where id = $1", [lens_id]);
    try {
      const db = t.database.db;
      const rxWire = await createPrescriptionsService({ db, outbox }).get(rx.id);
      const pdWire = await createPdsService({ db }).get(pd.id, {
        purpose: pdPurposeFor("multifocal", undefined),
        lensType: "multifocal",
      });
      const before = toLensOptionWires(await lensOptionRows(db, productId), rxWire, pdWire, "M");
      const res = await options(
        `region_product_id=${productId}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=M`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(JSON.parse(JSON.stringify(before)));
      expect(res.json().data.some((o: { lens_id: number }) => o.lens_id === lens_id)).toBe(false);
      const none = await options(`region_product_id=${product["Harper frame + lenses"]}&frame_size=M`);
      expect(none.json().data).toEqual(
        JSON.parse(
          JSON.stringify(
            toLensOptionWires(await lensOptionRows(db, product["Harper frame + lenses"]), null, null, "M"),
          ),
        ),
      );
      expect((await options("region_product_id=99999999")).statusCode).toBe(404);
      // The reads run side by side, the refusals come in their order: the product, then the
      // prescription, then the PD.
      const refused = async (query: string) => (await options(query)).json().message;
      await expect(
        refused("region_product_id=99999999&prescription_id=99999999&pd_id=99999999"),
      ).resolves.toMatch(/product/i);
      const some = `region_product_id=${productId}`;
      await expect(refused(`${some}&prescription_id=99999999&pd_id=99999999`)).resolves.toMatch(
        /prescription/i,
      );
      await expect(refused(`${some}&pd_id=99999999`)).resolves.toMatch(/\bPD\b|pupil/i);
    } finally {
      await q("update lenses set is_active = true where id = $1", [lens_id]);
    }
  });
});
