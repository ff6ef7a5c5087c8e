import { describe, expect, it } from "vitest";
import { forgotPasswordSchema, loginSchema } from "./auth-rules";
import { checkEmail, checkLogin } from "./login-check";

describe("checkLogin", () => {
  it("answers what loginSchema answers", () => {
    const emails = [
      "",
      "  ",
      "nope",
      "a@b.co",
      " a@b.co ",
      "a.b@c.com.au",
      ".a@b.co",
      "a..b@c.co",
      "a@b",
      "a+x@b-c.io",
      "a@-b.co",
      "o'neil@x.ie",
    ];
    const passwords = ["", "ab", "abc", "   "];
    for (const email of emails) {
      const zod = forgotPasswordSchema.safeParse({ email });
      expect(checkEmail(email), email).toBe(zod.success ? null : zod.error.issues[0]!.message);
    }
    for (const email of emails)
      for (const password of passwords) {
        const zod = loginSchema.safeParse({ email, password });
        const mine = checkLogin({ email, password });
        if (zod.success) expect(mine, `${email} / ${password}`).toEqual({ values: zod.data });
        else
          expect(mine, `${email} / ${password}`).toEqual({
            errors: Object.fromEntries(zod.error.issues.map((i) => [i.path.join("."), i.message])),
          });
      }
  });
});
