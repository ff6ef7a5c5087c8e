import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { csvRecordCounter } from "../lib/csv-download";
import { renderInShell } from "../test/render";
import { ExportCsvButton } from "./export-csv-button";

afterEach(() => vi.unstubAllGlobals());

describe("Export CSV", () => {
  it("is disabled with the rulebook's reason for a role that may not export", () => {
    renderInShell(
      <ExportCsvButton url="/api/staff/exports/jobs" fileName="jobs.csv" refusal="Only managers." />,
    );
    const button = screen.getByTestId("export-csv");
    expect(button).toHaveProperty("disabled", true);
    expect(button.getAttribute("title")).toBe("Only managers.");
  });

  it("counts rows as they arrive, then saves the file under the server's name", async () => {
    let push: (text: string) => void = () => {};
    let end: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        push = (text) => controller.enqueue(encoder.encode(text));
        end = () => controller.close();
      },
    });
    const fetchStub = vi.fn(
      async () =>
        new Response(body, {
          status: 200,
          headers: {
            "content-type": "text/csv",
            "content-disposition": "attachment; filename=jobs-2026-11-27.csv",
          },
        }),
    );
    vi.stubGlobal("fetch", fetchStub);
    const created = vi.fn(() => "blob:x");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => {} }));
    const { user } = renderInShell(
      <ExportCsvButton url="/api/staff/exports/jobs?q=x" fileName="jobs.csv" refusal={null} />,
    );
    await user.click(screen.getByTestId("export-csv"));
    await waitFor(() => expect(fetchStub).toHaveBeenCalled());
    push('\uFEFFJob ID,Customer\r\n1,"Smith\r\nJones"\r\n');
    await waitFor(() => expect(screen.getByTestId("export-csv").textContent).toBe("Exporting… 1 rows"));
    push("2,Lee\r\n");
    end();
    await waitFor(() => expect(screen.getByText("Exported 2 rows to jobs-2026-11-27.csv.")).toBeTruthy());
    expect(screen.getByTestId("export-csv").textContent).toBe("Export CSV");
    expect(created).toHaveBeenCalledOnce();
  });

  it("says the server's refusal", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          { code: "forbidden", message: "Only administrators can export the outbox." },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderInShell(
      <ExportCsvButton url="/api/staff/exports/outbox" fileName="outbox.csv" refusal={null} />,
    );
    await user.click(screen.getByTestId("export-csv"));
    await waitFor(() => expect(screen.getByText("Only administrators can export the outbox.")).toBeTruthy());
  });
});

describe("the row counter", () => {
  it("counts line ends outside quotes, across chunks", () => {
    const count = csvRecordCounter();
    expect(count('a,"b\r\n')).toBe(0);
    expect(count('c"\r\nd\r\n')).toBe(2);
  });
});
