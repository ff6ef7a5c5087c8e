import { act, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KeyboardShortcuts } from "../../../app/shell/keyboard-shortcuts";
import { referenceAnswer, renderInShell } from "../../../test/render";
import ScanStation from "./scan-station";

const statuses = {
  dispense: [],
  item: [
    { id: 6, slug: "lenses-ordered", display_name: "Lenses Ordered", selectable: true },
    { id: 7, slug: "received", display_name: "Received", selectable: true },
    { id: 10, slug: "ready-to-go", display_name: "Ready To Go", selectable: true },
    { id: 15, slug: "cancelled", display_name: "Cancelled", selectable: true },
  ],
  payment: [],
};

/** Three demo jobs: PAR-100001 (two items, at different statuses), PAR-100002 (one), ONL-100003 (already there). */
const jobs = [
  {
    id: 1,
    invoice: "PAR-100001",
    surname: "Nguyen",
    items: [
      [11, 7],
      [12, 6],
    ],
  },
  { id: 2, invoice: "PAR-100002", surname: "Okafor", items: [[21, 7]] },
  { id: 3, invoice: "ONL-100003", surname: "Smith", items: [[31, 10]] },
];
const slugOf = (id: number) => statuses.item.find((s) => s.id === id)!.slug;

type Reply = { status: number; body: unknown };
let writes: { url: string; body: { item_ids: number[]; status_id: number; from_status_id?: number } }[];
let writeReply: (body: unknown) => Reply;

function stubServer() {
  writes = [];
  writeReply = () => ({ status: 200, body: { data: [] } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://loupe.test");
      let reply: Reply = { status: 200, body: referenceAnswer(url.pathname) };
      if (init.method === "PUT") {
        const body = JSON.parse(String(init.body));
        writes.push({ url: url.pathname, body });
        reply = writeReply(body);
      } else if (url.pathname.endsWith("/staff/orders")) {
        const q = url.searchParams.get("q");
        const data = jobs
          .filter((j) => j.invoice === q)
          .map((j) => ({
            id: j.id,
            uid: `J${j.id}`,
            vend_invoice_number: j.invoice,
            customer: { first_name: "A", last_name: j.surname },
            order_billing: { customer_last_name: j.surname },
          }));
        reply = { status: 200, body: { data, meta: { pagination: { total: data.length, per_page: 15 } } } };
      } else {
        const job = jobs.find((j) => url.pathname.endsWith(`/staff/orders/${j.id}`));
        if (job)
          reply = {
            status: 200,
            body: {
              data: {
                id: job.id,
                items: job.items.map(([id, status]) => ({
                  id,
                  quantity: 1,
                  dispense_status_id: status,
                  dispense_status: { id: status, slug: slugOf(status) },
                })),
              },
            },
          };
      }
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
}

/** A keyboard-wedge scanner: the label's characters a few milliseconds apart, then Enter. */
function scan(invoice: string) {
  act(() => {
    for (const key of [...invoice, "Enter"]) window.dispatchEvent(new KeyboardEvent("keydown", { key }));
  });
}

let clock = Date.parse("2026-11-26T09:00:00Z");
beforeEach(() => {
  localStorage.setItem("loupe.cache.statuses", JSON.stringify({ at: Date.now(), value: statuses }));
  stubServer();
  clock += 60_000;
  vi.spyOn(Date, "now").mockImplementation(() => clock);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openStation(status = "Ready To Go") {
  const view = renderInShell(<ScanStation onClose={() => {}} />);
  await view.user.click(screen.getByLabelText("Move scanned jobs to", { selector: "input" }));
  await view.user.click(await screen.findByRole("option", { name: status }));
  (document.activeElement as HTMLElement | null)?.blur();
  await screen.findByText(`Scan a tray label: that job's items move to “${status}”.`);
  return view;
}

const rows = () =>
  within(screen.getByRole("table", { name: "Scans" }))
    .getAllByRole("row")
    .slice(1);
const row = (n: number) => rows()[n];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}
/** The app's keyboard (a scan opens the job) with or without the station open. */
function App({ station }: { station: boolean }) {
  return (
    <MemoryRouter initialEntries={["/jobs"]}>
      <KeyboardShortcuts />
      <Where />
      {station && <ScanStation onClose={() => {}} />}
    </MemoryRouter>
  );
}

describe("the scan station", () => {
  it("offers the statuses a batch may set, never Cancelled", async () => {
    const view = renderInShell(<ScanStation onClose={() => {}} />);
    await view.user.click(screen.getByLabelText("Move scanned jobs to", { selector: "input" }));
    expect(await screen.findByRole("option", { name: "Received" })).toBeTruthy();
    expect(screen.queryByRole("option", { name: "Cancelled" })).toBeNull();
  });

  it("moves each scanned job's items, newest first in the list with surname and result", async () => {
    await openStation();
    scan("PAR-100001");
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("moved"));
    scan("PAR-100002");
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("moved"));
    expect(writes.map((w) => w.body)).toEqual([
      { item_ids: [11, 12], status_id: 10 },
      { item_ids: [21], status_id: 10 },
    ]);
    expect(row(0).textContent).toContain("PAR-100002");
    expect(row(0).textContent).toContain("Okafor");
    expect(row(0).textContent).toContain("1 item moved to “Ready To Go”.");
    expect(row(1).textContent).toContain("Nguyen");
    expect(row(1).textContent).toContain("2 items moved");
  });

  it("takes the same label read twice within a few seconds as one scan", async () => {
    await openStation();
    scan("PAR-100001");
    clock += 800;
    scan("PAR-100001");
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("moved"));
    expect(rows()).toHaveLength(1);
    expect(writes).toHaveLength(1);
    // Later than that it is a new scan (here: the items are there already, so nothing is sent).
    clock += 5_000;
    scan("PAR-100001");
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it("says when every item is there already, and sends nothing", async () => {
    await openStation();
    scan("ONL-100003");
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("already"));
    expect(row(0).textContent).toContain("Every item is at “Ready To Go” already.");
    expect(writes).toHaveLength(0);
  });

  it("shows the server's reason when it refuses, and a label no job has", async () => {
    writeReply = () => ({
      status: 403,
      body: { message: "This job is refunded: its items cannot change." },
    });
    await openStation();
    scan("PAR-100002");
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("refused"));
    expect(row(0).textContent).toContain("This job is refunded: its items cannot change.");
    scan("NOP-999999");
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("not-found"));
    expect(row(0).textContent).toContain("No job has the invoice or job number “NOP-999999”.");
  });

  it("undoes the last moved scan: each item back to its own status, only if still where the scan put it", async () => {
    const view = await openStation();
    scan("PAR-100002");
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("moved"));
    scan("PAR-100001");
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("moved"));
    scan("NOP-999999");
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("not-found"));
    writes = [];
    await view.user.click(screen.getByRole("button", { name: "Undo last scan" }));
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("undone"));
    expect(writes.map((w) => w.body)).toEqual([
      { item_ids: [11], status_id: 7, from_status_id: 10 },
      { item_ids: [12], status_id: 6, from_status_id: 10 },
    ]);
    expect(row(0).textContent).toContain("PAR-100001");
    expect(row(0).textContent).toContain("2 items put back where they were.");
    // One undo: the scan before it stays.
    expect((screen.getByRole("button", { name: "Undo last scan" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows a 409 as such when the job changed meanwhile, and leaves it", async () => {
    const view = await openStation();
    scan("PAR-100002");
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("moved"));
    writeReply = () => ({
      status: 409,
      body: { message: "Item 21 was changed meanwhile: it is now “Dispatched”, not “Ready To Go”." },
    });
    await view.user.click(screen.getByRole("button", { name: "Undo last scan" }));
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("changed"));
    expect(row(0).textContent).toContain("Changed meanwhile");
    expect(row(0).textContent).toContain(
      "Not undone (409): Item 21 was changed meanwhile: it is now “Dispatched”, not “Ready To Go”.",
    );
    expect((screen.getByRole("button", { name: "Undo last scan" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says how far an undo got when a later part of it is refused", async () => {
    const view = await openStation();
    scan("PAR-100001");
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("moved"));
    // Item 11 goes back to Received; item 12 was moved on meanwhile.
    writeReply = (body) =>
      (body as { item_ids: number[] }).item_ids.includes(12)
        ? {
            status: 409,
            body: { message: "Item 12 was changed meanwhile: it is now “Dispatched”, not “Ready To Go”." },
          }
        : { status: 200, body: { data: [] } };
    await view.user.click(screen.getByRole("button", { name: "Undo last scan" }));
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("changed"));
    expect(row(0).textContent).toContain(
      "1 of 2 items put back, the rest not undone (409): Item 12 was changed meanwhile",
    );
  });

  it("asks for a status before moving anything", async () => {
    renderInShell(<ScanStation onClose={() => {}} />);
    scan("PAR-100001");
    await waitFor(() => expect(row(0).getAttribute("data-result")).toBe("refused"));
    expect(row(0).textContent).toContain("Choose the status to move jobs to first.");
    expect(writes).toHaveLength(0);
  });

  it("beeps one tone per result", async () => {
    const tones: number[] = [];
    class FakeAudio {
      currentTime = 0;
      destination = {};
      createOscillator() {
        const osc = {
          type: "",
          frequency: { value: 0 },
          connect: (n: unknown) => n,
          start: () => tones.push(osc.frequency.value),
          stop: () => {},
        };
        return osc;
      }
      createGain() {
        return {
          gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
          connect: (n: unknown) => n,
        };
      }
    }
    vi.stubGlobal("AudioContext", FakeAudio);
    await openStation();
    scan("PAR-100002");
    await waitFor(() => expect(tones).toEqual([1046]));
    scan("NOP-999999");
    await waitFor(() => expect(tones).toEqual([1046, 330, 247]));
  });

  it("has the scans to itself while open: a scan no longer opens the job", async () => {
    const view = renderInShell(<App station />);
    scan("PAR-100001");
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByTestId("where").textContent).toBe("/jobs");
    view.unmount();
    renderInShell(<App station={false} />);
    scan("PAR-100001");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/jobs/PAR-100001"));
  });
});
