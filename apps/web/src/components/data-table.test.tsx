import { Table } from "@mantine/core";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api-client";
import { canonicalMarkup } from "../test/markup";
import { renderInShell } from "../test/render";
import { DataTable } from "./data-table";
import { PaginationBar } from "./pagination-bar";

const columns = [{ key: "name", title: "Name", render: (r: { id: number; name: string }) => r.name }];

describe("a list's states tell the truth", () => {
  it("shows row skeletons while loading, and no '0 of 0' count", () => {
    renderInShell(
      <>
        <DataTable rows={[]} columns={columns} rowKey={(r) => r.id} loading error={undefined} />
        <PaginationBar page={1} perPage={15} total={0} unknown onChange={() => {}} />
      </>,
    );
    expect(screen.getAllByTestId("table-skeleton").length).toBeGreaterThan(0);
    expect(screen.queryByText(/No data/)).toBeNull();
    expect(screen.queryByText(/Showing 0 to 0/)).toBeNull();
    expect(screen.getByTestId("pagination-loading")).toBeTruthy();
  });

  it("shows a failed call with the server's words, its request id and Retry", async () => {
    const retry = vi.fn();
    const error = new ApiError(503, {
      code: "server_error",
      message: "Service unavailable",
      request_id: "req-42",
    });
    const { user } = renderInShell(
      <DataTable rows={[]} columns={columns} rowKey={(r) => r.id} error={error} onRetry={retry} />,
    );
    expect(screen.getByTestId("error-state").textContent).toContain("Service unavailable");
    expect(screen.getByTestId("request-id").textContent).toBe("req-42");
    expect(screen.queryByText("No data available.")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("shows a refusal as a refusal: the server's sentence, no Retry (asking again changes nothing)", () => {
    const error = new ApiError(403, {
      code: "forbidden",
      message: "Only administrators can see the outbox.",
    });
    renderInShell(
      <DataTable rows={[]} columns={columns} rowKey={(r) => r.id} error={error} onRetry={() => {}} />,
    );
    const shown = screen.getByTestId("error-state");
    expect(shown.textContent).toContain("Not allowed (403)");
    expect(shown.textContent).toContain("Only administrators can see the outbox.");
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    expect(screen.queryByText("No data available.")).toBeNull();
  });

  it("says which filter left the list empty", () => {
    renderInShell(
      <DataTable
        rows={[]}
        columns={columns}
        rowKey={(r) => r.id}
        error={undefined}
        emptyText="No jobs match “smith”."
      />,
    );
    expect(screen.getByTestId("empty-state").textContent).toBe("No jobs match “smith”.");
  });
});

describe("a record's row", () => {
  it("is drawn as Mantine's Table.Tr and Table.Td draw it in this table", () => {
    const { container } = renderInShell(
      <DataTable
        rows={[{ id: 1, name: "Ava" }]}
        columns={columns}
        rowKey={(r) => r.id}
        error={undefined}
        rowVersion={() => ""}
      />,
    );
    const mantine = renderInShell(
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs">
        <Table.Tbody>
          <Table.Tr data-row>
            <Table.Td>Ava</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>,
    );
    const row = (root: HTMLElement) => canonicalMarkup(root.querySelector("tr[data-row]")!);
    expect(row(container)).toBe(row(mantine.container));
  });
});
