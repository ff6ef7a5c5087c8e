import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
let customerId: number;
let source: (slug: string) => number;

const spectacle = (extra: Record<string, unknown> = {}) => ({
  type_id: 1,
  category: "class-b",
  add_type: "binocular",
  right_sph: -1.25,
  right_cyl: -0.5,
  right_axis: 90,
  left_sph: -1,
  left_cyl: null,
  left_axis: null,
  spectacles: { right_near_add: 2, left_near_add: 2, prisms: { right_horiz_dist: 1, left_vert_dist: -0.5 } },
  source_id: source("in-store"),
  expiry_date: "2028-01-31",
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  customerId = (
    await t.call(token, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Rx", email: "rx@example.com" },
    })
  ).json().data.id;
  const sources = (await t.call(token, { method: "GET", url: "/api/prescription-source" })).json().data;
  source = (slug) => sources.find((s: { slug: string }) => s.slug === slug).id;
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>) =>
  t.call(token, { method: "POST", url: `/api/v4/users/${customerId}/prescriptions`, payload });

describe("prescriptions", () => {
  it("records a spectacle prescription with its standard display, prism and expiry", async () => {
    const res = await create(spectacle());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      category_display: "b",
      expiry_date_stamp: "2028-01-31",
      standardised_prescription_display_array: { right: "-1.25 / -0.50 x 90", left: "-1.00", add: "+2.00" },
      prism_string: "R 1.00 BO (dist); L 0.50 BD (dist)",
      source: { data: { slug: "in-store" } },
      can_edit: true,
    });
  });

  it("shows Unspecified without an expiry and lists newest first", async () => {
    await create({
      type_id: 2,
      source_id: source("external-optometrist"),
      right_sph: -2,
      left_sph: -2.25,
      contact_lens: { brand: "Acuvue", right_base_curve: 8.6 },
    });
    const list = (
      await t.call(token, {
        method: "GET",
        url: `/api/staff/customers/${customerId}/prescriptions?with=source,staff`,
      })
    ).json().data;
    expect(list[0]).toMatchObject({
      type_id: 2,
      expiry_date_stamp: "Unspecified",
      contact_lens: { brand: "Acuvue" },
    });
    expect(list[0].staff.data.full_name).toBe("Avery Admin");
  });

  it("needs a source, an axis with a cylinder and a cylinder with an axis", async () => {
    const res = await create({ ...spectacle({ source_id: undefined }), right_axis: null, left_axis: 45 });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.source_id).toEqual(["The source field is required."]);
    expect(errors.right_axis).toEqual([
      "The right axis field is required when the right cylinder field has value",
    ]);
    expect(errors.left_cyl).toEqual([
      "The left cylinder field is required when the left axis field has value",
    ]);
  });

  it("accepts axis 0, as labs write it, and stores it as 180 (issue 52)", async () => {
    const res = await create(spectacle({ right_axis: 0 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      right_axis: 180,
      standardised_prescription_display_array: { right: "-1.25 / -0.50 x 180" },
    });
  });

  it("refuses powers off the 0.25 grid and an axis outside 1 to 180", async () => {
    const res = await create(spectacle({ right_sph: -1.3, right_axis: 181, left_cyl: -7, left_axis: 10 }));
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.right_sph[0]).toMatch(/between -18 and 12/);
    expect(errors.right_axis[0]).toMatch(/between 1 and 180/);
    expect(errors.left_cyl[0]).toMatch(/between -6 and 0/);
  });

  it("edits and removes an ordinary prescription", async () => {
    const id = (await create(spectacle())).json().data.id;
    const edited = await t.call(token, {
      method: "PUT",
      url: `/api/v4/prescriptions/${id}`,
      payload: spectacle({ right_sph: 0.5, version: 1 }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.standardised_prescription_display_array.right).toBe("+0.50 / -0.50 x 90");
    const remove = () => t.call(token, { method: "DELETE", url: `/api/prescription/${id}?version=2` });
    expect((await remove()).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(404);
  });

  it("keeps a code-generated prescription read-only but lets it be e-mailed", async () => {
    const [{ id }] = await t.database.query<{ id: number }>(
      `insert into prescriptions (customer_id, type_id, source_id, right_sph, left_sph) values ($1, 1, $2, -1, -1) returning id`,
      [customerId, source("cg")],
    );
    const put = await t.call(token, {
      method: "PUT",
      url: `/api/v4/prescriptions/${id}`,
      payload: spectacle({ version: 1 }),
    });
    expect(put.statusCode).toBe(403);
    expect(
      (await t.call(token, { method: "DELETE", url: `/api/prescription/${id}?version=1` })).statusCode,
    ).toBe(403);
    const mail = await t.call(token, { method: "POST", url: `/api/prescription/${id}/email`, payload: {} });
    expect(mail.statusCode).toBe(200);
    expect(mail.json().message).toBe("Email Sent Successfully");
    const outbox = (await t.call(token, { method: "GET", url: "/api/staff/outbox" })).json().data;
    expect(outbox[0]).toMatchObject({ recipient: "rx@example.com", subject: "Your prescription" });
    // Nor can staff create one with the code-generated source.
    expect((await create(spectacle({ source_id: source("cg") }))).statusCode).toBe(422);
  });

  it("records a guest prescription without a customer", async () => {
    const res = await t.call(token, {
      method: "POST",
      url: "/api/v4/users/prescriptions/storeAnonymous",
      payload: spectacle(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.customer_id).toBeNull();
  });
});
