import type { PdWire } from "@loupe/contract";
import { AVERAGE_HEIGHTS, messages, PD_CREATED, PD_FIELD_LABELS } from "@loupe/domain";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { PdModal } from "./pd-modal";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const read = (url: string) =>
  url.includes("/pd-source")
    ? { data: [{ id: 4, slug: "in-store", name: "In store" }] }
    : referenceAnswer(url);

function open(mode: "new" | "edit" | "duplicate" = "new", pd?: PdWire) {
  const calls = stubFetch(() => ({ data: { id: 11 } }), read);
  const onSaved = vi.fn();
  const view = renderInShell(
    <PdModal customerId={7} pd={pd} mode={mode} onClose={() => {}} onSaved={onSaved} />,
  );
  const writes = () => calls.filter((c) => c.method !== "GET");
  return { ...view, writes, onSaved };
}
type User = ReturnType<typeof renderInShell>["user"];

const field = (k: keyof typeof PD_FIELD_LABELS) =>
  screen.getByLabelText(PD_FIELD_LABELS[k]) as HTMLInputElement;

async function pickSource(user: User) {
  await user.click(screen.getByLabelText(/^Source/, { selector: "input" }));
  await user.click(await screen.findByRole("option", { name: "In store" }));
}

async function submit(user: User, name = "Create") {
  await user.click(screen.getByRole("button", { name }));
}

const saved = (over: Partial<PdWire>) =>
  ({
    id: 3,
    customer_user_id: 7,
    binocular_dist_pd: 62,
    is_complex: false,
    glass_shape_type: "classic",
    frame_size: "XS",
    arm_size: "XS",
    source_id: 4,
    outlet_id: null,
    note: null,
    version: 2,
    ...over,
  }) as unknown as PdWire;

describe("PD widths (spec §5)", () => {
  it("needs at least one width: the binocular distance PD is asked for and nothing is sent", async () => {
    const { user, writes } = open();
    await pickSource(user);
    await submit(user);
    expect(await screen.findByText(messages.required(PD_FIELD_LABELS.binocular_dist_pd))).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it("Simple: binocular at least 30, one eye at least 15, none above 100, half steps only", async () => {
    const { user, writes } = open();
    await pickSource(user);
    await user.type(field("binocular_dist_pd"), "29");
    await user.type(field("right_dist_pd"), "14.5");
    await user.type(field("left_dist_pd"), "31.2");
    await submit(user);
    expect(await screen.findByText(messages.minValue(PD_FIELD_LABELS.binocular_dist_pd, 30))).toBeTruthy();
    expect(screen.getByText(messages.minValue(PD_FIELD_LABELS.right_dist_pd, 15))).toBeTruthy();
    expect(screen.getByText(messages.halfValue)).toBeTruthy();
    await user.clear(field("binocular_dist_pd"));
    await user.type(field("binocular_dist_pd"), "101");
    await submit(user);
    expect(await screen.findByText(messages.maxValue(PD_FIELD_LABELS.binocular_dist_pd, 100))).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it("Complex: shows intermediate and reading widths and takes 10 as the least", async () => {
    const { user, writes } = open();
    expect(screen.queryByLabelText(PD_FIELD_LABELS.right_reading_pd)).toBeNull();
    await user.click(screen.getByText("Complex"));
    await pickSource(user);
    await user.type(field("right_reading_pd"), "10");
    await user.type(field("left_reading_pd"), "10.5");
    await submit(user);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({
      right_reading_pd: 10,
      left_reading_pd: 10.5,
      binocular_dist_pd: null,
      source_id: 4,
      customer_user_id: 7,
    });
    expect(await screen.findByText(PD_CREATED)).toBeTruthy();
  });

  it("stays Complex while an intermediate or reading width is filled", async () => {
    const { user } = open();
    await user.click(screen.getByText("Complex"));
    await user.type(field("right_int_pd"), "30");
    await user.click(screen.getByText("Simple"));
    expect(field("right_int_pd")).toBeTruthy();
    await user.clear(field("right_int_pd"));
    await user.click(screen.getByText("Simple"));
    expect(screen.queryByLabelText(PD_FIELD_LABELS.right_int_pd)).toBeNull();
  });
});

describe("PD heights", () => {
  it("must be between 0 and 60", async () => {
    const { user, writes } = open();
    await pickSource(user);
    await user.type(field("binocular_dist_pd"), "62");
    await user.type(field("left_height_multifocal"), "61");
    await submit(user);
    expect(
      await screen.findByText(messages.between(PD_FIELD_LABELS.left_height_multifocal, 0, 60)),
    ).toBeTruthy();
    expect(writes()).toHaveLength(0);
    await user.clear(field("left_height_multifocal"));
    await user.type(field("left_height_multifocal"), "60");
    await submit(user);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ left_height_multifocal: 60, binocular_dist_pd: 62 });
  });

  it("Shape Height Conversion lists the average heights, Original to Capote", async () => {
    const { user } = open();
    await user.click(screen.getByRole("button", { name: "Shape Height Conversion" }));
    const dialog = await screen.findByRole("dialog", { name: "Shape Height Conversion" });
    for (const h of AVERAGE_HEIGHTS) {
      const row = within(dialog).getByRole("row", { name: new RegExp(`^${h.size} `) });
      expect(row.textContent).toContain(`${h.bifocal[0]} → ${h.bifocal[1]}`);
      expect(row.textContent).toContain(`${h.multifocal[0]} → ${h.multifocal[1]}`);
    }
  });
});

describe("frame shape and sizes", () => {
  const frameSize = () => screen.getByLabelText("Frame size", { selector: "input" }) as HTMLInputElement;

  it("Capote has no XS: an XS frame becomes S, and the edit sends it with its version", async () => {
    const { user, writes } = open("edit", saved({}));
    expect(frameSize().value).toBe("XS");
    await user.click(screen.getByText("Capote"));
    expect(frameSize().value).toBe("S");
    await submit(user, "Save");
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].method).toBe("PUT");
    expect(writes()[0].body).toMatchObject({
      glass_shape_type: "round",
      frame_size: "S",
      arm_size: "S",
      version: 2,
    });
  });

  it("a non-brand frame has no sizes: nd, and the size pickers are disabled", async () => {
    const { user, writes } = open("duplicate", saved({ frame_size: "M", arm_size: "L" }));
    await user.click(screen.getByText(/^Non-/));
    expect(frameSize().value).toBe("nd");
    expect(frameSize().disabled).toBe(true);
    await submit(user);
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].method).toBe("POST");
    expect(writes()[0].body).toMatchObject({
      frame_size: "nd",
      arm_size: "nd",
      glass_shape_type: "non-brand",
    });
  });
});
