import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

// A web build of its own: the app serves the shell for client-side routes only when index.html exists.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-web-"));
const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';

let t: TestApp;
beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, "index.html"), SHELL);
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe("the web app's shell on client-side routes", () => {
  it("answers GET on a client-side route with the shell, never cached", async () => {
    const res = await t.app.inject({ method: "GET", url: "/customers?page=2" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe(SHELL);
  });

  it("answers HEAD on the same routes as GET, without a body", async () => {
    for (const url of ["/customers", "/jobs?page=3", "/reset-password/abc"]) {
      const res = await t.app.inject({ method: "HEAD", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toContain("text/html");
      expect(res.body, url).toBe("");
    }
  });

  it("still answers 404 for unknown API paths, whatever the method, and for writes to web routes", async () => {
    const answers = await Promise.all([
      t.app.inject({ method: "HEAD", url: "/api/no-such-thing" }),
      t.app.inject({ method: "GET", url: "/api/no-such-thing" }),
      t.app.inject({ method: "POST", url: "/customers", payload: {} }),
      t.app.inject({ method: "DELETE", url: "/jobs" }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect(answers[1].json().message).toBe("Not found.");
  });
});
