import { Badge } from "@mantine/core";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInShell } from "../test/render";
import { LazyTooltip } from "./lazy-tooltip";

describe("a tooltip loaded on the first pointer over its target (issue 31)", () => {
  it("is not there before, and shows once the pointer comes over", async () => {
    renderInShell(
      <LazyTooltip label="Collected By Customer">
        <Badge data-testid="badge">Collected</Badge>
      </LazyTooltip>,
    );
    expect(screen.queryByRole("tooltip")).toBeNull();
    fireEvent.pointerEnter(screen.getByTestId("badge"));
    // The tooltip's module is imported on first hover: in a busy full run that can take over a second.
    expect(
      await screen.findByRole("tooltip", { name: "Collected By Customer" }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
