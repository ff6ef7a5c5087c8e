import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInShell, stubFetch } from "../../../test/render";
import { JobsTabs } from "./jobs-tabs";

afterEach(() => vi.unstubAllGlobals());

const tab = (slug: string, display_name: string, total: number, description?: string) => ({
  slug,
  display_name,
  total,
  total_kind: "exact",
  filter_type: "custom",
  customFilter: slug,
  defaultQuery: { customFilter: slug, page: 1 },
  ...(description ? { description } : {}),
});

describe("the jobs tabs", () => {
  it("tell Late Orders from the promise's tab: each says which jobs it holds, read after its name and on hover", async () => {
    stubFetch(undefined, () => ({
      data: [
        tab("late-orders", "Late Orders", 188, "Not finished 14 days after the job was made"),
        tab("late", "Past promised date", 171, "The promised date has passed and the job is not ready"),
        tab("due-today", "Promised today", 4, "Promised for today, not finished"),
      ],
    }));
    renderInShell(<JobsTabs customFilter="" dispenseStatusId="" onChoose={() => {}} />);
    const spec = await screen.findByRole("tab", { name: /Late Orders/ });
    const ours = screen.getByRole("tab", { name: /Past promised date/ });
    expect(spec.getAttribute("aria-description")).toBe("Not finished 14 days after the job was made");
    expect(ours.getAttribute("aria-description")).toBe(
      "The promised date has passed and the job is not ready",
    );
    expect(screen.getByRole("tab", { name: /Promised today/ })).toBeTruthy();
    expect(spec.getAttribute("title")).toBe("Not finished 14 days after the job was made");
    expect(ours.getAttribute("title")).toBe("The promised date has passed and the job is not ready");
  });
});
