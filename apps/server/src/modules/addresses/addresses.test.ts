import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let token: string;
let customerId: number;
const good = {
  type: "Shipping",
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  address1: "12 King Street",
  suburb: "Newtown",
  city: "Sydney",
  state: "NSW",
  postcode: "2042",
  country: "AU",
};
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  customerId = (
    await t.call(token, { method: "POST", url: "/api/user", payload: { first_name: "Ada" } })
  ).json().data.id;
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>, id = customerId) =>
  t.call(token, { method: "POST", url: `/api/staff/customers/${id}/billing-addresses`, payload });

describe("addresses", () => {
  it("applies the AU rules: state, suburb letters, a four-digit postcode from 0200 (issue 52: Darwin, Canberra)", async () => {
    const res = await create({ ...good, state: "NSW1", suburb: "Newtown 2", postcode: "999" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      state: ["The State field may only contain alphabetic characters"],
      suburb: ["The Suburb field may only contain alphabetic characters and spaces"],
      postcode: ["The Postcode field has to be 4 digits, between 0200 and 9999"],
    });
    const darwin = await create({ ...good, state: "NT", suburb: "Darwin", postcode: "0800" });
    expect(darwin.statusCode).toBe(201);
    expect(darwin.json().data.address.postcode).toBe("0800");
    const long = await create({ ...good, state: "NSWX" });
    expect(long.json().errors.state).toEqual(["The State field can be maximum 3 characters"]);
    const noState = await create({ ...good, state: "" });
    expect(noState.json().errors.state).toEqual(["The State field is required."]);
  });

  it("needs only a postcode outside Australia", async () => {
    const res = await create({ ...good, country: "NZ", state: "", suburb: "Mt Eden 3", postcode: "1024" });
    expect(res.statusCode).toBe(201);
  });

  it("names every missing required field", async () => {
    const res = await create({ country: "AU" });
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(["type", "first_name", "last_name", "email", "address1", "city", "postcode"]),
    );
    expect(res.json().errors.first_name).toEqual(["The First Name field is required."]);
  });

  it("refuses guests and creates, edits and lists newest first", async () => {
    const guest = await create(good, 0);
    expect(guest.statusCode).toBe(422);
    expect(guest.json().message).toBe("New address cannot be added to guests.");
    const created = await create(good);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const edited = await t.call(token, {
      method: "PUT",
      url: `/api/staff/billing-addresses/${id}`,
      payload: { ...good, address1: "1 Enmore Road", version: 1 },
    });
    expect(edited.json().data.address.address1).toBe("1 Enmore Road");
    const list = (
      await t.call(token, { method: "GET", url: `/api/staff/customers/${customerId}/billing-addresses` })
    ).json().data;
    expect(list[0].id).toBe(id);
  });
});
