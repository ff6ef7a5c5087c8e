import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmailSender } from "../../integrations/email";
import { startSmtpSink } from "../../test/smtp-sink";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({
    adapters: { email: createEmailSender({ SMTP_URL: smtp.url, MAIL_FROM: "Loupe <no-reply@loupe.test>" }) },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const linkIn = (text: string) => {
  const match = text.match(/http:\/\/loupe\.test\/reset-password\/([A-Za-z0-9_-]+)\?email=([^\s]+)/);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return { token: match[1], email: decodeURIComponent(match[2]) };
};

const requestReset = (email: string) =>
  t.app.inject({ method: "POST", url: "/api/auth/password/reset", payload: { email } });
const change = (payload: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/auth/password/change", payload });

describe("password reset", () => {
  it("e-mails a link over SMTP, sets the new password once, and ends old sessions", async () => {
    const oldToken = await t.login("sam@loupe.test");
    const res = await requestReset("sam@loupe.test");
    expect(res.statusCode).toBe(200);
    await expect.poll(() => smtp.mails.length).toBe(1);
    const mail = smtp.mails[0];
    expect(mail.to).toBe("sam@loupe.test");
    expect(mail.subject).toMatch(/Reset your Loupe password/);
    const { token, email } = linkIn(mail.text);

    const ok = await change({ email, token, password: "NewPass123", password_confirmation: "NewPass123" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toMatch(/password has been reset/);

    expect((await t.call(oldToken, { method: "GET", url: "/api/me" })).statusCode).toBe(401);
    await expect(t.login("sam@loupe.test", "LoupeDemo1")).rejects.toThrow();
    expect(await t.login("sam@loupe.test", "NewPass123")).toBeTruthy();

    const again = await change({ email, token, password: "Another123", password_confirmation: "Another123" });
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe("This password reset link is invalid or has expired.");
  });

  it("answers the same for an unknown e-mail and sends nothing", async () => {
    const before = smtp.mails.length;
    const known = await requestReset("riley@loupe.test");
    const unknown = await requestReset("nobody@loupe.test");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe(known.json().message);
    await expect.poll(() => smtp.mails.length).toBe(before + 1);
  });

  it("refuses an expired token", async () => {
    await requestReset("jordan@loupe.test");
    await expect.poll(() => smtp.mails.some((m) => m.to === "jordan@loupe.test")).toBe(true);
    const { token, email } = linkIn(smtp.mails.find((m) => m.to === "jordan@loupe.test")!.text);
    await t.database.query("update password_reset_tokens set expires_at = now() - interval '1 minute'");
    const res = await change({ email, token, password: "NewPass123", password_confirmation: "NewPass123" });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe("This password reset link is invalid or has expired.");
  });

  it("applies the new-password rules with the spec's messages", async () => {
    const weak = await change({
      email: "sam@loupe.test",
      token: "x",
      password: "short",
      password_confirmation: "short",
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password[0]).toMatch(/minimum eight characters/i);
    const mismatch = await change({
      email: "sam@loupe.test",
      token: "x",
      password: "GoodPass123",
      password_confirmation: "GoodPass124",
    });
    expect(mismatch.json().errors.password_confirmation).toEqual([
      "Confirm password didn't match the password above",
    ]);
  });
});
