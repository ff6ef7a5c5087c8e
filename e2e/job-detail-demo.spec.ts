import { expect, type Page, test } from "@playwright/test";
import { screenshot, signIn } from "./support/helpers";

// A demo job opened on the list at a 1280 × 800 screen (issue 33): its items readable (the
// product name on one or two lines, no sideways scrolling) and the timeline of what happened to it.
test.use({ viewport: { width: 1280, height: 800 } });

const jobsTable = (page: Page) => page.getByRole("table", { name: "Jobs" });

async function statusId(page: Page, slug: string): Promise<number> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem("loupe.session")!).token as string);
  const res = await page.request.get("/api/staff/order-dispense-statuses", {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { data: { id: number; slug: string }[] }).data.find((s) => s.slug === slug)!
    .id;
}

test("a completed demo job at 1280 px: items on a line or two, and the timeline it went through", async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`/jobs?dispense_status_id=${await statusId(page, "completed")}`);
  const expand = jobsTable(page).getByRole("button", { name: "Expand" });
  await expect(expand.first()).toBeVisible();
  // The first completed job with more than one item, or the first one.
  let detail = page.getByTestId("job-detail").first();
  for (let row = 0; row < 6; row++) {
    await expand.nth(row).click();
    detail = page.getByTestId("job-detail").last();
    await expect(detail.getByTestId("job-item").first()).toBeVisible();
    if ((await detail.getByTestId("job-item").count()) > 1) break;
  }

  const names = detail.getByTestId("item-product-name");
  for (const name of await names.all()) {
    const box = (await name.boundingBox())!;
    const lineHeight = await name.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect(box.height, (await name.textContent()) ?? "").toBeLessThanOrEqual(lineHeight * 2 + 1);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  // Nothing in an item row cut off (a badge or button squeezed to "CON…").
  const clipped = await detail.evaluate((el) =>
    [...el.querySelectorAll("[data-testid=job-item] *")]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== "visible")
      .map((e) => e.textContent),
  );
  expect(clipped).toEqual([]);

  const timeline = detail.getByTestId("job-timeline");
  await expect(timeline).not.toContainText("No changes yet.");
  await expect(timeline).toContainText("Job status: New Order → Paid");
  await expect(timeline).toContainText("→ Completed");
  await detail.getByTestId("job-item").first().scrollIntoViewIfNeeded();
  await screenshot(page, "job-detail-1280");
});
