import { describe, expect, it } from "vitest";
import { settledLater } from "./settled-later";

describe("a read awaited later", () => {
  it("fails where it is awaited, not before, and keeps the order of the awaits", async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", note);
    try {
      const late = settledLater(Promise.reject(new Error("the second read")));
      const first = new Promise((_, reject) => setTimeout(() => reject(new Error("the first read")), 20));
      await expect(first).rejects.toThrow("the first read");
      await expect(late).rejects.toThrow("the second read");
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
      expect(await settledLater(Promise.resolve(7))).toBe(7);
    } finally {
      process.off("unhandledRejection", note);
    }
  });
});
