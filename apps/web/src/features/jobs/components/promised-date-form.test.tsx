import { PROMISED_DATE_MESSAGES } from "@loupe/domain";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInShell, stubFetch } from "../../../test/render";
import { PromisedDateForm, type PromisedJob } from "./promised-date-form";

const me = { id: 1, name: "Test Staff", outlet_id: 1, outlet: { id: 1, name: "Newtown", region_id: 1 } };
beforeEach(() => {
  localStorage.setItem("loupe.session", JSON.stringify({ token: "t", expiresAt: null, user: me }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A Perth job made on 2 March 2026 (Perth time), promised for the 10th, at version 3. */
const job: PromisedJob = {
  id: 7,
  due_date: "2026-03-10",
  promise_version: 3,
  at_risk_reason: null,
  is_late: true,
  created_at: "2026-03-01T17:00:00Z",
  origin_outlet: { time_zone: "Australia/Perth" },
};

async function openForm() {
  const view = renderInShell(<PromisedDateForm job={job} />);
  expect(screen.getByTestId("promised-date-value").textContent).toBe("10th Mar 2026");
  expect(screen.getByText("Late")).toBeTruthy();
  await view.user.click(screen.getByRole("button", { name: "Change promised date" }));
  return view;
}

/** Types a day into the promise editor as staff do, day first, and leaves the field. */
async function typeDay(user: Awaited<ReturnType<typeof openForm>>["user"], text: string) {
  const day = screen.getByLabelText("New promised date");
  await user.click(day);
  await user.clear(day);
  await user.type(day, text);
  await user.tab();
}

describe("PromisedDateForm", () => {
  it("is the app's day-first date field, not the browser's native mm/dd/yyyy one", async () => {
    await openForm();
    const day = screen.getByLabelText("New promised date") as HTMLInputElement;
    expect(day.type).not.toBe("date");
    expect(day.value).toBe("10/03/2026");
    expect(day.placeholder).toBe("DD/MM/YYYY");
  });

  it("reads 05/04/2026 as 5 April, day first", async () => {
    const calls = stubFetch(() => ({
      data: { due_date: "2026-04-05", promise_version: 4, at_risk_reason: null },
    }));
    const { user } = await openForm();
    await typeDay(user, "05/04/2026");
    await user.type(screen.getByLabelText("Reason"), "Lab ETA moved");
    await user.click(screen.getByRole("button", { name: "Save promised date" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PUT")).toBeDefined());
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ due_date: "2026-04-05" });
  });

  it("asks for a reason and refuses a day before the job was made, without calling the server", async () => {
    const calls = stubFetch();
    const { user } = await openForm();
    await typeDay(user, "01/03/2026");
    await user.click(screen.getByRole("button", { name: "Save promised date" }));
    // Made on 2 March on the Perth clock (1 March in UTC): the 1st is before it.
    expect(await screen.findByText(PROMISED_DATE_MESSAGES.beforeOrder)).toBeTruthy();
    expect(screen.getByText(PROMISED_DATE_MESSAGES.reasonRequired)).toBeTruthy();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("sends the day, the reason and the version read", async () => {
    const calls = stubFetch(() => ({
      data: { due_date: "2026-03-13", promise_version: 4, at_risk_reason: null },
    }));
    const { user } = await openForm();
    await typeDay(user, "13/03/2026");
    await user.type(screen.getByLabelText("Reason"), "  Lab ETA moved  ");
    await user.click(screen.getByRole("button", { name: "Save promised date" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PUT")).toBeDefined());
    const sent = calls.find((c) => c.method === "PUT")!;
    expect(sent.url).toContain("/staff/orders/7/promised-date");
    expect(sent.body).toEqual({ due_date: "2026-03-13", reason: "Lab ETA moved", version: 3 });
    await waitFor(() => expect(screen.queryByLabelText("Reason")).toBeNull());
  });

  it("shows the server's refusal when someone else changed the date first (409)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              code: "conflict",
              message:
                "The promised date was changed by someone else (it is now 2026-03-12). Reload the job and try again.",
              error: "conflict",
            }),
            { status: 409, headers: { "content-type": "application/json" } },
          ),
      ),
    );
    const { user } = await openForm();
    await typeDay(user, "13/03/2026");
    await user.type(screen.getByLabelText("Reason"), "Customer asked");
    await user.click(screen.getByRole("button", { name: "Save promised date" }));
    expect((await screen.findByTestId("promised-date-conflict")).textContent).toContain(
      "changed by someone else",
    );
    // The form stays open with what was typed.
    expect((screen.getByLabelText("Reason") as HTMLInputElement).value).toBe("Customer asked");
  });
});
