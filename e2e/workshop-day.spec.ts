import { expect, type Page, test } from "@playwright/test";
import { screenshot, settle, signIn } from "./support/helpers";

// Issue 27 (ADR 0036): a promised date changed with a reason, the Late tab's count against its
// list, and the outlet's day whose every number opens a list of that many jobs.

interface Job {
  id: number;
  vend_invoice_number: string;
  due_date: string | null;
  is_late: boolean;
  origin_outlet: { id: number; name: string };
}

async function token(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("loupe.session")!).token as string);
}
async function api<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${await token(page)}` } });
  expect(res.ok(), url).toBe(true);
  return (await res.json()) as T;
}

/** The list's total, from "Showing 1 to 15 of 42 entries". */
async function listTotal(page: Page): Promise<number> {
  const info = page.getByTestId("pagination-info");
  await expect(info).toHaveText(/of [\d,]+ entries/);
  const text = (await info.textContent()) ?? "";
  return Number(/of ([\d,]+) entries/.exec(text)![1].replaceAll(",", ""));
}

const plusDays = (day: string, n: number) =>
  new Date(Date.parse(day) + n * 86_400_000).toISOString().slice(0, 10);

test.describe("the workshop day", () => {
  test("a late job's promised date is changed with a reason, and the timeline says why", async ({ page }) => {
    await signIn(page);
    const late = (await api<{ data: Job[] }>(page, "/api/staff/orders?customFilter=late&per_page=5")).data;
    expect(late.length).toBeGreaterThan(0);
    const job = late[0];
    await page.goto(`/jobs?q=${encodeURIComponent(job.vend_invoice_number)}`);
    const table = page.getByRole("table", { name: "Jobs" });
    await expect(table.getByText("Late").first()).toBeVisible();
    await table.getByRole("button", { name: "Expand" }).first().click();
    const detail = page.getByTestId("job-detail").first();
    const promise = detail.getByTestId("promised-date");
    await expect(promise).toBeVisible();
    await promise.getByRole("button", { name: "Change promised date" }).click();
    // Saving without a reason is refused by the form, before any call.
    await promise.getByRole("button", { name: "Save promised date" }).click();
    await expect(promise.getByText("Say why the promised date changes.")).toBeVisible();
    const newDay = plusDays(new Date().toISOString().slice(0, 10), 14);
    // Typed day first, as the app's date field reads it (DD/MM/YYYY).
    await promise.getByLabel("New promised date").fill(newDay.split("-").reverse().join("/"));
    await promise.getByLabel("Reason").fill("Lab delay on the coating");
    await screenshot(page, "workshop-promised-date-form");
    await promise.getByRole("button", { name: "Save promised date" }).click();
    await expect(promise.getByLabel("Reason")).toHaveCount(0);
    // No longer late: the new day is in two weeks.
    await expect(promise.getByText("Late")).toHaveCount(0);
    await expect(detail.getByText(/Promised date: .* — Lab delay on the coating/)).toBeVisible();
    await screenshot(page, "workshop-promised-date-changed");
  });

  test("the Past promised date tab's count is the number of jobs its list holds, sorted by promise", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/jobs");
    const tab = page.getByRole("tab", { name: /^Past promised date \d/ });
    await expect(tab).toBeVisible();
    await tab.click();
    await expect(page).toHaveURL(/customFilter=late(&|$)/);
    await expect(page).toHaveURL(/sort_by=due_date/);
    const count = Number(await page.getByTestId("tab-count-late").textContent());
    expect(await listTotal(page)).toBe(count);
    // Every row on the page is marked late.
    const rows = page.getByRole("table", { name: "Jobs" }).locator("tbody tr");
    const n = await rows.count();
    expect(n).toBe(Math.min(count, 15));
    await settle(page);
    await screenshot(page, "workshop-late-tab");
  });

  test("the outlet's day: each number opens a list of as many jobs", async ({ page }) => {
    await signIn(page);
    // The outlet with most late jobs, so the screen has numbers to check.
    const late = (await api<{ data: Job[] }>(page, "/api/staff/orders?customFilter=late&per_page=100")).data;
    const byOutlet = new Map<number, number>();
    for (const j of late) byOutlet.set(j.origin_outlet.id, (byOutlet.get(j.origin_outlet.id) ?? 0) + 1);
    const outletId = [...byOutlet].sort((a, b) => b[1] - a[1])[0][0];
    await page.goto(`/today?outlet_id=${outletId}`);
    await expect(page.getByTestId("day-count-late")).toBeVisible();
    await screenshot(page, "workshop-outlet-day");
    for (const filter of ["late", "at-risk", "due-today", "ready", "uncollected"]) {
      await page.goto(`/today?outlet_id=${outletId}`);
      const card = page.getByTestId(`day-count-${filter}`);
      const count = Number(await card.getByTestId("count").textContent());
      await card.click();
      await expect(page).toHaveURL(new RegExp(`customFilter=${filter}.*|origin_outlet_id=${outletId}`));
      await expect(page.getByTestId("origin-outlet-filter")).toBeVisible();
      expect(await listTotal(page), filter).toBe(count);
      if (filter === "late") await screenshot(page, "workshop-outlet-late-list");
    }
    // A stage's number opens that status's jobs at the outlet.
    await page.goto(`/today?outlet_id=${outletId}`);
    const stage = page.getByTestId("day-stages").getByRole("link").first();
    const stageCount = Number(await stage.textContent());
    await stage.click();
    expect(await listTotal(page)).toBe(stageCount);
  });
});
