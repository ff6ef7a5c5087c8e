import { describe, expect, it } from "vitest";
import { hasUnresolvedVariables, INVALID_PHONE, messageSchemaFor, renderTemplate } from "./message-rules";

describe("message templates", () => {
  const ctx = {
    customer: { first_name: "Mia", last_name: "" },
    outlet: { name: "Newtown" },
    staff: { first_name: "Sam" },
  };
  it("fills placeholders and falls back when a value is empty", () => {
    expect(renderTemplate("Hi {{customer.first_name | there}}, from {{ outlet.name }}", ctx)).toBe(
      "Hi Mia, from Newtown",
    );
    expect(renderTemplate("Dear {{customer.last_name | customer}}", ctx)).toBe("Dear customer");
  });

  it("leaves an unknown placeholder without fallback, which blocks sending", () => {
    const text = renderTemplate("Hi {{customer.nickname}}", ctx);
    expect(text).toBe("Hi {{customer.nickname}}");
    expect(hasUnresolvedVariables(text)).toBe(true);
    expect(hasUnresolvedVariables("Hi Mia")).toBe(false);
  });
});

describe("the SMS form", () => {
  it("sends the mobile in E.164 for the outlet's country and refuses a landline", () => {
    const au = messageSchemaFor("AU");
    expect(au.parse({ type: "sms", phone: "+61 (0)412 345 678", message: "Hi" })).toMatchObject({
      phone: "+61412345678",
    });
    const landline = au.safeParse({ type: "sms", phone: "(02) 9555 1234", message: "Hi" });
    expect(landline.error?.issues[0]).toMatchObject({ path: ["phone"], message: INVALID_PHONE });
    expect(
      messageSchemaFor("CA").parse({ type: "sms", phone: "1-416-555-0199", message: "Hi" }),
    ).toMatchObject({
      phone: "+14165550199",
    });
  });
});
