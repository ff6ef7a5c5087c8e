import type { PrescriptionWire } from "@loupe/contract";
import { messages } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell, stubFetch } from "../../../test/render";
import { PrescriptionModal } from "./prescription-modal";

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** The external sources the server lists; "cg" (code generated) is one of them. */
const sources = [
  { id: 1, slug: "cg", name: "Code Generated" },
  { id: 2, slug: "optometrist", name: "Optometrist" },
];
const read = (url: string) =>
  url.includes("/prescription-source") ? { data: sources } : referenceAnswer(url);

function open(prescription?: PrescriptionWire) {
  const calls = stubFetch(() => ({ data: { id: 9 } }), read);
  const onSaved = vi.fn();
  const view = renderInShell(
    <PrescriptionModal customerId={7} prescription={prescription} onClose={() => {}} onSaved={onSaved} />,
  );
  const writes = () => calls.filter((c) => c.method !== "GET");
  return { ...view, calls, writes, onSaved };
}

async function pickSource(user: ReturnType<typeof renderInShell>["user"], name: string) {
  await user.click(screen.getByLabelText(/^Source/, { selector: "input" }));
  await user.click(await screen.findByRole("option", { name }));
}

async function create(user: ReturnType<typeof renderInShell>["user"], writes: () => { body: unknown }[]) {
  await user.click(screen.getByRole("button", { name: "Create" }));
  await waitFor(() => expect(writes().length).toBe(1));
  return writes()[0].body as Record<string, any>;
}

const saved = (over: Partial<PrescriptionWire>) =>
  ({
    id: 5,
    customer_id: 7,
    type_id: 1,
    add_type: "binocular",
    right_sph: -1,
    right_cyl: 0,
    right_axis: null,
    left_sph: -1,
    left_cyl: 0,
    left_axis: null,
    source_id: 2,
    spectacles: { right_near_add: 1.5, left_near_add: 1.5 },
    contact_lens: null,
    files: [],
    version: 3,
    ...over,
  }) as unknown as PrescriptionWire;

describe("New Prescription's source", () => {
  it("never offers the code-generated source", async () => {
    const { user } = open();
    await user.click(await screen.findByLabelText(/^Source/, { selector: "input" }));
    expect(await screen.findByRole("option", { name: "Optometrist" })).toBeTruthy();
    expect(screen.queryByRole("option", { name: "Code Generated" })).toBeNull();
  });

  it("is required: Create without one shows the spec's message and sends nothing", async () => {
    const { user, writes } = open();
    await user.click(await screen.findByRole("button", { name: "Create" }));
    expect(await screen.findByText(messages.required("source"))).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it("starts at sphere 0 and cylinder 0 and sends the chosen source", async () => {
    const { user, writes } = open();
    await pickSource(user, "Optometrist");
    const body = await create(user, writes);
    expect(body).toMatchObject({ source_id: 2, right_sph: 0, right_cyl: 0, left_sph: 0, left_cyl: 0 });
    expect(writes()[0].url).toMatch(/\/7\//);
  });
});

describe("axis and cylinder", () => {
  it("refuses a cylinder without an axis, naming the eye", async () => {
    const { user, writes } = open(saved({ right_cyl: -1.25, right_axis: null }));
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByText(messages.requiredWith("right axis", "right cylinder"))).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it("refuses an axis past 180 and an axis with no cylinder", async () => {
    const { user, writes } = open();
    await pickSource(user, "Optometrist");
    await user.type(screen.getByLabelText("left axis"), "181");
    await user.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByText(messages.between("left axis", 1, 180))).toBeTruthy();
    expect(screen.getByText(messages.requiredWith("left cylinder", "left axis"))).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });
});

describe("plus cylinder and axis 0 (issue 52)", () => {
  it("transposes a plus-cylinder eye, shows both forms, and sends the minus-cylinder one", async () => {
    const { user, writes } = open(saved({}));
    await user.click(await screen.findByRole("button", { name: "Transpose right eye" }));
    await user.click(screen.getByLabelText("right plus-cylinder sphere", { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: "+1.00" }));
    await user.click(screen.getByLabelText("right plus cylinder", { selector: "input" }));
    await user.click(await screen.findByRole("option", { name: "+0.75" }));
    await user.type(screen.getByLabelText("right plus-cylinder axis"), "10");
    expect(screen.getByTestId("right-transposed").textContent).toBe(
      "As written: +1.00 / +0.75 × 10. In minus cylinder: +1.75 / -0.75 × 100",
    );
    await user.click(screen.getByRole("button", { name: "Use the minus-cylinder form" }));
    expect((screen.getByLabelText("right axis") as HTMLInputElement).value).toBe("100");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({
      right_sph: 1.75,
      right_cyl: -0.75,
      right_axis: 100,
      left_sph: -1,
    });
  });

  it("accepts axis 0 and sends it as 180", async () => {
    const { user, writes } = open(saved({ right_cyl: -0.5, right_axis: null }));
    await user.type(await screen.findByLabelText("right axis"), "0");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].body).toMatchObject({ right_cyl: -0.5, right_axis: 180 });
  });
});

describe("prisms", () => {
  it("sends base in and base down as negative, base out and up as positive", async () => {
    const { user, writes } = open();
    await pickSource(user, "Optometrist");
    await user.type(screen.getByLabelText("Right distance prism, horizontal"), "2");
    await user.click(screen.getByLabelText("Right distance prism, horizontal base"));
    await user.type(screen.getByLabelText("Left near prism, vertical"), "1.5");
    await user.type(screen.getByLabelText("Left distance prism, vertical"), "0.5");
    await user.click(screen.getByLabelText("Left distance prism, vertical base"));
    const body = await create(user, writes);
    expect(body.spectacles.prisms).toMatchObject({
      right_horiz_dist: -2,
      left_vert_near: 1.5,
      left_vert_dist: -0.5,
      right_vert_dist: null,
    });
  });

  it("labels a switched base In / Down and reads a saved negative prism back as that base", async () => {
    open(saved({ spectacles: { prisms: { right_horiz_near: -3, left_vert_dist: -1 } } as never }));
    const grid = await screen.findByTestId("prism-grid");
    expect((screen.getByLabelText("Right near prism, horizontal") as HTMLInputElement).value).toBe("3");
    expect((screen.getByLabelText("Right near prism, horizontal base") as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByLabelText("Left distance prism, vertical base") as HTMLInputElement).checked).toBe(
      true,
    );
    expect(grid.textContent).toContain("In");
    expect(grid.textContent).toContain("Down");
  });

  it("are not part of a contact-lens prescription, nor is the int add", async () => {
    const { user, writes } = open();
    await user.click(await screen.findByText("Contact Lens"));
    expect(screen.queryByTestId("prism-grid")).toBeNull();
    expect(screen.queryByLabelText("right int add")).toBeNull();
    await pickSource(user, "Optometrist");
    const body = await create(user, writes);
    expect(body.type_id).toBe(2);
    expect(body.spectacles).toBeNull();
    expect(body.contact_lens).toBeTruthy();
  });
});

describe("binocular and monocular add", () => {
  it("binocular: one add typed on either eye is both eyes' add", async () => {
    const { user, writes } = open();
    await pickSource(user, "Optometrist");
    await user.type(screen.getByLabelText("left near add"), "2");
    expect((screen.getByLabelText("right near add") as HTMLInputElement).value).toBe("2");
    const body = await create(user, writes);
    expect(body.add_type).toBe("binocular");
    expect(body.spectacles).toMatchObject({ right_near_add: 2, left_near_add: 2 });
  });

  it("monocular: the right add copies to the left until the left is edited", async () => {
    const { user, writes } = open();
    await pickSource(user, "Optometrist");
    await user.click(screen.getByText("Monocular add"));
    const right = screen.getByLabelText("right near add");
    const left = screen.getByLabelText("left near add") as HTMLInputElement;
    await user.type(right, "1");
    expect(left.value).toBe("1");
    await user.clear(left);
    await user.type(left, "1.75");
    await user.type(right, ".5");
    expect(left.value).toBe("1.75");
    const body = await create(user, writes);
    expect(body.spectacles).toMatchObject({ right_near_add: 1.5, left_near_add: 1.75 });
  });

  it("an edited prescription whose eyes' adds differ opens as monocular, and sends its version", async () => {
    const { user, writes } = open(saved({ spectacles: { right_near_add: 1, left_near_add: 2 } as never }));
    await screen.findByTestId("prism-grid");
    const monocular = screen.getByRole("radio", { name: "Monocular add" }) as HTMLInputElement;
    expect(monocular.checked).toBe(true);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0].method).toBe("PUT");
    expect(writes()[0].body).toMatchObject({
      add_type: "monocular",
      version: 3,
      spectacles: { right_near_add: 1, left_near_add: 2 },
    });
  });
});
