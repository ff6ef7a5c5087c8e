import { describe, expect, it } from "vitest";
import { loginSchema, newPasswordSchema, PASSWORD_MISMATCH_MESSAGE } from "./auth-rules";

const messagesOf = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("login rules", () => {
  it("requires a valid e-mail and a password of at least 3 characters", () => {
    expect(messagesOf(loginSchema.safeParse({ email: "", password: "" }))).toEqual({
      email: "The email field is required.",
      password: "The password field is required.",
    });
    expect(messagesOf(loginSchema.safeParse({ email: "nope", password: "ab" }))).toEqual({
      email: "The email field must be a valid email",
      password: "The password field has to be at least 3 characters",
    });
    expect(loginSchema.safeParse({ email: "a@b.co", password: "abc" }).success).toBe(true);
  });
});

describe("new password rules", () => {
  const base = { email: "a@b.co", password: "GoodPass1", password_confirmation: "GoodPass1" };
  it("needs eight characters with upper, lower and digit", () => {
    for (const password of ["Short1A", "alllower1", "ALLUPPER1", "NoDigitsHere"]) {
      const r = newPasswordSchema.safeParse({ ...base, password, password_confirmation: password });
      expect(messagesOf(r).password, password).toMatch(/minimum eight characters/);
    }
    expect(newPasswordSchema.safeParse(base).success).toBe(true);
  });

  it("needs the confirmation to match", () => {
    const r = newPasswordSchema.safeParse({ ...base, password_confirmation: "GoodPass2" });
    expect(messagesOf(r)).toEqual({ password_confirmation: PASSWORD_MISMATCH_MESSAGE });
    expect(PASSWORD_MISMATCH_MESSAGE).toBe("Confirm password didn't match the password above");
  });
});

describe("what a failed sign-in says", () => {
  it("keeps Unauthorized for wrong credentials and says a lockout or an outage as such", async () => {
    const { loginFailureText, LOGIN_UNREACHABLE } = await import("./login-failure");
    expect(loginFailureText(401, "Unauthorized")).toBe("Unauthorized");
    expect(loginFailureText(401, "anything")).toBe("Unauthorized");
    const lockout = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";
    expect(loginFailureText(429, lockout)).toBe(lockout);
    expect(loginFailureText(503, "<html>")).toMatch(/not working right now \(error 503\)/);
    expect(loginFailureText(0)).toBe(LOGIN_UNREACHABLE);
    expect(loginFailureText(422)).toBe("Unauthorized");
  });
});
