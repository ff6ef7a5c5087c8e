import { screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation, useParams } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { referenceAnswer, renderInShell } from "../../../test/render";
import { useCustomer } from "../../customers/api";
import { MergedNotice, useMergedRedirect } from "./merged-notice";

afterEach(() => vi.unstubAllGlobals());

/** A customer's address as the Customers page reads it: the record, the redirect, the notice. */
function CustomerAddress() {
  const id = Number(useParams().id);
  const one = useCustomer(id);
  useMergedRedirect(id, one.data);
  return (
    <>
      <MergedNotice />
      <p data-testid="at">{useLocation().pathname}</p>
      <p data-testid="name">{one.data?.full_name}</p>
    </>
  );
}

function open(url: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const u = String(input);
      // The server's 308 for a merged-away id, as fetch hands it over: the kept customer's answer.
      if (/\/staff\/customers\/(21|11)$/.test(u))
        return Response.json({ data: { id: 11, full_name: "Jane Citizen" } });
      return Response.json(referenceAnswer(u));
    }),
  );
  return renderInShell(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/customers/:id" element={<CustomerAddress />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("a merged-away customer's address", () => {
  it("becomes the kept customer's, saying so", async () => {
    open("/customers/21");
    expect((await screen.findByTestId("merged-notice")).textContent).toBe(
      "This customer was merged into Jane Citizen (#11).",
    );
    expect(screen.getByTestId("at").textContent).toBe("/customers/11");
  });

  it("says nothing on a customer's own address", async () => {
    open("/customers/11");
    expect(await screen.findByText("Jane Citizen")).toBeTruthy();
    expect(screen.queryByTestId("merged-notice")).toBeNull();
    expect(screen.getByTestId("at").textContent).toBe("/customers/11");
  });
});
