import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderInShell } from "../test/render";
import { CalendarDateInput } from "./calendar-date-input";

// The one date field every typed date goes through (D.O.B., prescription expiry, access-log filters).
function Field({ onChange }: { onChange: (v: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <CalendarDateInput
      label="Expiry date"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe("a typed calendar date", () => {
  it.each([
    ["05/03/2026", "2026-03-05"],
    ["5.3.2026", "2026-03-05"],
    ["2026-03-05", "2026-03-05"],
  ])("reads %s day first as %s", async (typed, iso) => {
    const onChange = vi.fn();
    const { user } = renderInShell(<Field onChange={onChange} />);
    const input = screen.getByLabelText("Expiry date") as HTMLInputElement;
    await user.click(input);
    await user.paste(typed);
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(iso);
    expect(input.value).toBe("05/03/2026");
  });

  it("takes nothing from a partial or impossible date", async () => {
    const onChange = vi.fn();
    renderInShell(<Field onChange={onChange} />);
    const input = screen.getByLabelText("Expiry date") as HTMLInputElement;
    for (const typed of ["2", "31/02/2026", "03/15/2026"]) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
    }
    expect(onChange).not.toHaveBeenCalled();
    expect(input.value).toBe("");
  });
});
