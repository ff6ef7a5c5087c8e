import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
let customerId: number;
let sourceId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  customerId = (
    await t.call(token, { method: "POST", url: "/api/user", payload: { first_name: "Pd" } })
  ).json().data.id;
  sourceId = (await t.call(token, { method: "GET", url: "/api/pd-source" })).json().data[0].id;
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>) =>
  t.call(token, {
    method: "POST",
    url: "/api/customer-pd",
    payload: { customer_user_id: customerId, source_id: sourceId, ...payload },
  });

describe("pupil distances", () => {
  it("records a simple PD with its presenter; empty strings become null", async () => {
    const res = await create({
      binocular_dist_pd: 62,
      right_dist_pd: "",
      frame_size: "M",
      glass_shape_type: "classic",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      binocular_dist_pd: 62,
      right_dist_pd: null,
      is_complex: false,
      pdPresenter: { data: { width: { right: 31, left: 31, binocular: 62, pdZone: "distance" } } },
    });
  });

  it("applies the simple-mode limits and half steps", async () => {
    const res = await create({ binocular_dist_pd: 29, right_dist_pd: 14.5, left_dist_pd: 31.2 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      binocular_dist_pd: ["binocular distance PD must be greater than 30."],
      right_dist_pd: ["right distance PD must be greater than 15."],
      left_dist_pd: ["Please enter a valid PD value"],
    });
    const tooBig = await create({ binocular_dist_pd: 101 });
    expect(tooBig.json().errors.binocular_dist_pd).toEqual([
      "The binocular distance PD must be lower than 100",
    ]);
  });

  it("switches to complex limits when an intermediate or reading value exists", async () => {
    const ok = await create({ binocular_dist_pd: 20, binocular_reading_pd: 58.5 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.is_complex).toBe(true);
    const bad = await create({ binocular_dist_pd: 9.5, right_int_pd: 30 });
    expect(bad.json().errors.binocular_dist_pd).toEqual(["binocular distance PD must be greater than 10."]);
  });

  it("needs a value somewhere and a source", async () => {
    const res = await t.call(token, {
      method: "POST",
      url: "/api/customer-pd",
      payload: { customer_user_id: customerId },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.binocular_dist_pd).toEqual(["The binocular distance PD field is required."]);
    expect(res.json().errors.source_id).toEqual(["The source field is required."]);
  });

  it("lists newest first, edits, presents for a purpose and removes", async () => {
    const id = (
      await create({
        binocular_dist_pd: 64,
        binocular_reading_pd: 60,
        right_height_multifocal: 22,
        left_height_multifocal: 22,
      })
    ).json().data.id;
    const list = (
      await t.call(token, { method: "GET", url: `/api/staff/customers/${customerId}/pds?with=source,staff` })
    ).json().data;
    expect(list[0].id).toBe(id);
    const reading = (
      await t.call(token, {
        method: "GET",
        url: `/api/new-customer-pd/${id}?purpose=reading&lens_type=multifocal`,
      })
    ).json().data.pdPresenter;
    expect(reading.data.width).toMatchObject({ binocular: 60, right: 30, pdZone: "reading" });
    expect(reading.data.height).toMatchObject({
      right: 22,
      left: 22,
      pdZone: "multifocal",
      error_message: null,
    });
    const edited = await t.call(token, {
      method: "PUT",
      url: `/api/new-customer-pd/${id}`,
      payload: { binocular_dist_pd: 65, source_id: sourceId, version: 1 },
    });
    expect(edited.json().data.binocular_dist_pd).toBe(65);
    expect(
      (await t.call(token, { method: "DELETE", url: `/api/customer-pd/${id}?version=2` })).statusCode,
    ).toBe(200);
    expect((await t.call(token, { method: "GET", url: `/api/new-customer-pd/${id}` })).statusCode).toBe(404);
  });

  it("records a guest PD with lens type 3 by default", async () => {
    const res = await t.call(token, {
      method: "POST",
      url: "/api/customer-pd-guest",
      payload: { binocular_dist_pd: 60, source_id: sourceId },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ customer_id: null, lens_type_id: 3 });
  });
});
