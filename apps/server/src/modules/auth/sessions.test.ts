import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { MAX_LIVE_SESSIONS } from "./sessions.service";

let t: TestApp;
let admin: string;
let samId: number;

const signIn = async (device: string) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/user/login",
    headers: { "user-agent": device },
    payload: { email: "sam@loupe.test", password: "LoupeDemo1" },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
};
const me = (token: string) => t.call(token, { method: "GET", url: "/api/me" });
const mine = async (token: string) =>
  (await t.call(token, { method: "GET", url: "/api/me/sessions" })).json().data;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  samId = (await me(await signIn("setup"))).json().data.id;
  await t.call(admin, { method: "POST", url: `/api/staff/users/${samId}/sessions/end` });
});
afterAll(() => t.close());

describe("my sessions", () => {
  it("lists my live sessions with device, address and last use, and marks the current one", async () => {
    const phone = await signIn("Phone Safari");
    const desk = await signIn("Desk Firefox");
    const list = await mine(desk);
    expect(list).toHaveLength(2);
    const current = list.find((s: { current: boolean }) => s.current);
    expect(current).toMatchObject({ device: "Desk Firefox", address: "127.0.0.1" });
    expect(Date.parse(current.last_used_at)).toBeGreaterThan(0);
    expect(list.find((s: { device: string }) => s.device === "Phone Safari").current).toBe(false);
    // Another person's sessions are not mine to see.
    expect((await mine(admin)).some((s: { device: string }) => s.device === "Desk Firefox")).toBe(false);
    await t.call(admin, { method: "POST", url: `/api/staff/users/${samId}/sessions/end` });
    expect((await me(phone)).statusCode).toBe(401);
  });

  it("signs one of my sessions out; another person's is not found", async () => {
    const phone = await signIn("Phone");
    const desk = await signIn("Desk");
    const phoneId = (await mine(desk)).find((s: { device: string }) => s.device === "Phone").id;
    const adminsOwn = (await mine(admin))[0].id;
    expect((await t.call(desk, { method: "DELETE", url: `/api/me/sessions/${adminsOwn}` })).statusCode).toBe(
      404,
    );
    expect((await me(admin)).statusCode).toBe(200);
    expect((await t.call(desk, { method: "DELETE", url: `/api/me/sessions/${phoneId}` })).statusCode).toBe(
      200,
    );
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(desk)).statusCode).toBe(200);
    await t.call(admin, { method: "POST", url: `/api/staff/users/${samId}/sessions/end` });
  });

  it("lets an administrator sign out every session of a staff member, and no one else", async () => {
    const a = await signIn("A");
    const b = await signIn("B");
    const refused = await t.call(a, { method: "POST", url: `/api/staff/users/${samId}/sessions/end` });
    expect(refused.statusCode).toBe(403);
    const res = await t.call(admin, { method: "POST", url: `/api/staff/users/${samId}/sessions/end` });
    expect(res.json().data.ended).toBe(2);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
  });

  it(`keeps at most ${MAX_LIVE_SESSIONS} live sessions: the oldest ends`, async () => {
    const tokens: string[] = [];
    for (let i = 0; i <= MAX_LIVE_SESSIONS; i++) tokens.push(await signIn(`device ${i}`));
    expect((await me(tokens[0])).statusCode).toBe(401);
    expect((await me(tokens[1])).statusCode).toBe(200);
    expect(await mine(tokens[MAX_LIVE_SESSIONS])).toHaveLength(MAX_LIVE_SESSIONS);
  });
});
