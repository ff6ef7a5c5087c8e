import type { SupplierWire } from "@loupe/contract";
import { SUPPLIER_MESSAGES } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { SupplierLensCodes } from "./supplier-lens-codes";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const supplier = { id: 7, name: "In-house Lab" } as SupplierWire;
const lens = (id: number, name: string, code: string | null) => ({
  id,
  supplier_id: 7,
  name,
  lens_type: "bifocal",
  index: 1.586,
  lens_code: code,
  is_active: true,
});

describe("the supplier's lens codes (ADR 0032)", () => {
  it("lists each lens with its code and saves a changed one for that lens only", async () => {
    const calls = stubFetch(
      () => ({ message: SUPPLIER_MESSAGES.lensCodeSaved, data: lens(2, "Flat-top 28 bifocal", "FT28") }),
      (url) =>
        url.includes("/staff/suppliers/7/lenses")
          ? {
              data: [
                lens(1, "Flat-top 28 bifocal, Transitions", "FT28-TRG"),
                lens(2, "Flat-top 28 bifocal", null),
              ],
            }
          : referenceAnswer(url),
    );
    const { user } = renderInShell(<SupplierLensCodes supplier={supplier} />);
    const input = (await screen.findByLabelText("Lens code of Flat-top 28 bifocal")) as HTMLInputElement;
    expect(
      (screen.getByLabelText("Lens code of Flat-top 28 bifocal, Transitions") as HTMLInputElement).value,
    ).toBe("FT28-TRG");
    expect(screen.getAllByText("1.586")).toHaveLength(2);
    await user.type(input, "FT28");
    const saves = screen.getAllByRole("button", { name: "Save" }) as HTMLButtonElement[];
    expect(saves.map((b) => b.disabled)).toEqual([true, false]);
    await user.click(saves[1]);
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.url).toContain("/staff/suppliers/7/lenses/2");
    expect(put.body).toEqual({ lens_code: "FT28" });
    expect(await screen.findByText(SUPPLIER_MESSAGES.lensCodeSaved)).toBeTruthy();
  });
});
