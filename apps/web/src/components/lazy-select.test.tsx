import { ComboboxChevron, TextInput } from "@mantine/core";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { markupOf } from "../test/markup";
import { renderInShell } from "../test/render";
import { LazySelect, selectLabel } from "./lazy-select";

const DATA = [
  { value: "1", label: "Ready To Go" },
  { value: "2", label: "Dispatched" },
];

/** Without a size it is drawn by TextInput; with a size and a width, by plain elements. */
function Controlled({ size }: { size?: "xs" }) {
  const [value, setValue] = useState<string | null>("1");
  return (
    <LazySelect
      aria-label="Status"
      size={size}
      w={size && 210}
      data={DATA}
      value={value}
      onChange={setValue}
    />
  );
}

function Clearable() {
  const [value, setValue] = useState<string | null>("2");
  return <LazySelect aria-label="Region" clearable data={DATA} value={value} onChange={setValue} />;
}

const realSelectIn = () => document.querySelector("[data-lazy-select]") === null;

describe("a select drawn by a stand-in until first used (issue 31)", () => {
  it("reads as the select it stands for: a combobox with its name and the chosen label", () => {
    renderInShell(<Controlled />);
    const box = screen.getByRole("combobox", { name: "Status" });
    expect((box as HTMLInputElement).value).toBe("Ready To Go");
    expect(realSelectIn()).toBe(false);
  });

  it.each([
    ["TextInput", undefined],
    ["plain", "xs"],
  ] as const)(
    "a key pressed before the real select is in opens its list, focused, and a choice is made (%s stand-in)",
    async (_, size) => {
      renderInShell(<Controlled size={size} />);
      const box = screen.getByRole("combobox", { name: "Status" });
      act(() => box.focus());
      // The key goes where the focus is, as in a browser: still the stand-in while the code loads, or
      // already the real select when an earlier screen (here: an earlier test file) loaded it.
      fireEvent.keyDown(document.activeElement ?? box, { key: "ArrowDown", code: "ArrowDown" });
      // The real select's module is imported on first use: in a busy full run that can take over a second.
      const option = await screen.findByRole("option", { name: "Dispatched" }, { timeout: 5000 });
      expect(realSelectIn()).toBe(true);
      expect(document.activeElement).toBe(screen.getByRole("combobox", { name: "Status" }));
      // As the key does on Mantine's own Select: the list opens onto the current value.
      await waitFor(() =>
        expect(document.querySelector("[data-combobox-selected]")?.textContent).toBe("Ready To Go"),
      );
      fireEvent.click(option);
      await waitFor(() =>
        expect((screen.getByRole("combobox", { name: "Status" }) as HTMLInputElement).value).toBe(
          "Dispatched",
        ),
      );
    },
  );

  it.each([
    ["TextInput", undefined],
    ["plain", "xs"],
  ] as const)("a press opens the list at once (%s stand-in)", async (_, size) => {
    renderInShell(<Controlled size={size} />);
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Status" }));
    expect(await screen.findByRole("option", { name: "Ready To Go" }, { timeout: 5000 })).toBeTruthy();
  });

  it("pointer over only fetches the code: a press after it lands on the field the pointer is on", async () => {
    const { user } = renderInShell(<Controlled />);
    const box = screen.getByRole("combobox", { name: "Status" });
    await user.hover(box);
    // The code is in (the same module the hover asked for) and React has drawn whatever it would.
    await import("./mantine-select");
    await act(() => new Promise((done) => setTimeout(done, 20)));
    // Still the stand-in under the pointer: swapping on hover would leave this press on a removed field.
    expect(box.isConnected).toBe(true);
    await user.click(box);
    expect(await screen.findByRole("option", { name: "Dispatched" })).toBeTruthy();
    expect(realSelectIn()).toBe(true);
  });

  it("a clearable select holding a value shows Select's clear button, which clears it", async () => {
    renderInShell(<Clearable />);
    const box = screen.getByRole("combobox", { name: "Region" }) as HTMLInputElement;
    expect(box.value).toBe("Dispatched");
    const clear = box.parentElement?.querySelector("button");
    expect(clear).toBeTruthy();
    fireEvent.click(clear!);
    await waitFor(() => expect(box.value).toBe(""));
    expect(box.parentElement?.querySelector("button")).toBeNull();
  });

  it("a sized stand-in with no label is drawn with the markup TextInput gives it, enabled or not", () => {
    for (const disabled of [false, true]) {
      const styles = { input: { color: "var(--mantine-color-green-8)", fontWeight: 600 } };
      expect(
        markupOf(
          <LazySelect
            size="xs"
            w={210}
            aria-label="Status of X"
            data={DATA}
            value="2"
            disabled={disabled}
            styles={styles}
          />,
        ),
      ).toBe(
        markupOf(
          <TextInput
            readOnly
            role="combobox"
            aria-haspopup="listbox"
            aria-expanded={false}
            aria-label="Status of X"
            size="xs"
            w={210}
            disabled={disabled}
            styles={{ input: { cursor: "pointer", ...styles.input } }}
            value="Dispatched"
            __defaultRightSection={<ComboboxChevron size="xs" />}
            rightSectionPointerEvents="none"
            data-lazy-select=""
          />,
        ),
      );
    }
  });

  it("finds labels in plain strings and groups as Mantine does", () => {
    expect(selectLabel(["a", "b"], "b")).toBe("b");
    expect(selectLabel([{ group: "G", items: [{ value: "x", label: "Ex" }] }], "x")).toBe("Ex");
    expect(selectLabel(DATA, "9")).toBe("");
    expect(selectLabel(DATA, null)).toBe("");
  });
});
