import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let admin: string;
let sam: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  sam = await t.login("sam@loupe.test");
  customerId = (
    await t.call(admin, { method: "POST", url: "/api/user", payload: { first_name: "Noted" } })
  ).json().data.id;
});
afterAll(() => t.close());

const add = (token: string, content: string) =>
  t.call(token, { method: "POST", url: "/legacy-api/user-note", payload: { content, user_id: customerId } });
const list = async () =>
  (
    await t.call(admin, { method: "GET", url: `/legacy-api/user-note?user_id=${customerId}&with=creator` })
  ).json().data;

describe("customer notes", () => {
  it("records the signed-in author, lists newest first and keeps the notes count right", async () => {
    expect((await add(admin, "Prefers mornings")).statusCode).toBe(201);
    expect((await add(sam, "Called back")).statusCode).toBe(201);
    const notes = await list();
    expect(notes.map((n: { content: string }) => n.content)).toEqual(["Called back", "Prefers mornings"]);
    expect(notes[0].user.data.full_name).toBe("Sam Nguyen");
    const customer = (
      await t.call(admin, { method: "GET", url: `/api/staff/customers/${customerId}` })
    ).json().data;
    expect(customer.notes_count).toBe(2);
  });

  it("needs more than one character", async () => {
    const res = await add(admin, "x");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.content).toBeDefined();
  });

  it("lets only the author remove a note", async () => {
    const id = (await add(admin, "Mine")).json().data.id;
    const denied = await t.call(sam, { method: "DELETE", url: `/legacy-api/user-note/${id}?version=1` });
    expect(denied.statusCode).toBe(403);
    const ok = await t.call(admin, { method: "DELETE", url: `/legacy-api/user-note/${id}?version=1` });
    expect(ok.json().message).toBe("Deleted Successfully");
    expect((await list()).some((n: { id: number }) => n.id === id)).toBe(false);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "answers 200 once and 404 to the rest when one note is removed many times in parallel",
    async () => {
      const id = (await add(admin, "Removed in parallel")).json().data.id;
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.call(admin, { method: "DELETE", url: `/legacy-api/user-note/${id}?version=1` }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 404, 404, 404, 404, 404, 404, 404]);
    },
  );

  it("shows a note without an author as the system's", async () => {
    await t.database.query("insert into notes (customer_id, content) values ($1, 'Recall e-mail sent')", [
      customerId,
    ]);
    const note = (await list()).find((n: { content: string }) => n.content === "Recall e-mail sent");
    expect(note.user).toBeNull();
  });
});
