import { describe, expect, it } from "vitest";
import { onDemand } from "./on-demand";

describe("code fetched on demand (issue 31)", () => {
  it("is fetched once, then known at once", async () => {
    let fetches = 0;
    const mod = onDemand(async () => {
      fetches++;
      return { default: "menu" };
    });
    expect(mod.current()).toBeNull();
    await Promise.all([mod.load(), mod.load()]);
    expect(fetches).toBe(1);
    expect(mod.current()).toBe("menu");
  });

  it("a failed fetch is tried again on the next intent", async () => {
    let fetches = 0;
    const mod = onDemand(async () => {
      fetches++;
      if (fetches === 1) throw new Error("offline");
      return { default: "menu" };
    });
    await expect(mod.load()).rejects.toThrow("offline");
    expect(await mod.load()).toBe("menu");
    expect(fetches).toBe(2);
  });
});
