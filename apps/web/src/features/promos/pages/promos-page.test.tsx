import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import PromosPage from "./promos-page";

afterEach(() => vi.unstubAllGlobals());

const promo = {
  id: 1,
  discountCode: "SPRING20",
  brand: "Loupe",
  discountRule: "20% off frames",
  regionNote: null,
  startDate: "2026-09-01",
  endDate: "2026-10-31",
  combinedWith: null,
  notCombinedWith: "VIP",
  "pDFs&Copies": [{ label: "Flyer", url: "https://cdn.example.com/spring.pdf" }],
};

describe("Promos & Campaigns", () => {
  it("lists the campaigns with their PDFs opening in a new tab", async () => {
    // The list is read with a POST (the shop's API), so it is the stub's write answer.
    const calls = stubFetch((url) => (url.includes("/campaigns/promos") ? [promo] : {}), referenceAnswer);
    renderInShell(<PromosPage />);
    expect(await screen.findByText("SPRING20")).toBeTruthy();
    expect(screen.getByText("20% off frames")).toBeTruthy();
    const link = screen.getByRole("link", { name: "Flyer" }) as HTMLAnchorElement;
    expect(link.href).toBe(promo["pDFs&Copies"][0].url);
    expect(link.target).toBe("_blank");
    expect(link.rel).toContain("noreferrer");
    expect(calls.find((c) => c.url.includes("/campaigns/promos"))?.method).toBe("POST");
  });

  it("writes the start and end dates in the day style every document uses, not as ISO dates", async () => {
    stubFetch((url) => (url.includes("/campaigns/promos") ? [promo] : {}), referenceAnswer);
    renderInShell(<PromosPage />);
    expect(await screen.findByText("1st Sep 2026")).toBeTruthy();
    expect(screen.getByText("31st Oct 2026")).toBeTruthy();
    expect(screen.queryByText("2026-09-01")).toBeNull();
  });

  it("a failed load stops loading, logs, and says what the server said in the table, not an empty list", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: "Only managers can see promos." }), {
            status: 403,
            headers: { "content-type": "application/json" },
          }),
      ),
    );
    renderInShell(<PromosPage />);
    expect((await screen.findByTestId("error-state")).textContent).toContain("Only managers can see promos.");
    expect(screen.queryByText("No data available.")).toBeNull();
    expect(screen.queryByTestId("table-skeleton")).toBeNull();
    expect(console.error).toHaveBeenCalled();
  });
});
