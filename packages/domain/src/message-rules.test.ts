import { describe, expect, it } from "vitest";
import { hasUnresolvedVariables, isValidPhone, renderTemplate } from "./message-rules";

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

describe("phone numbers", () => {
  it("accepts AU, NZ and CA numbers, local or international", () => {
    for (const n of [
      "0412 345 678",
      "+61 412 345 678",
      "(02) 9555 1234",
      "021 123 4567",
      "+64 21 123 4567",
      "416 555 0199",
      "+1 416 555 0199",
    ]) {
      expect(isValidPhone(n), n).toBe(true);
    }
    for (const n of ["12345", "0412", "abc", "+44 20 7946 0958"]) expect(isValidPhone(n), n).toBe(false);
  });
});
