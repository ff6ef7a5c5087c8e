import { createHmac } from "node:crypto";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { screenshot, settle, signIn } from "./support/helpers";

/**
 * Issue 45, the intake: sales rung up on the point of sale (the Lightspeed X-Series stand-in, through
 * its control API, as a shop assistant at the till) become jobs by themselves. The first one comes
 * from a register Loupe does not know: staff name its outlet on the intake screen once. The next
 * one is on the jobs list within seconds. One whose customer's e-mail two customers share waits on
 * the intake screen; staff pick the customer with the keyboard and its job appears. A forged
 * delivery is listed as failed, and an administrator reads what it held.
 */

const PREFIX = "loupe-au-stand-in";
const standIn = () => process.env.E2E_LIGHTSPEED_URL!;
const token = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("loupe.session")!).token as string);
const card = (page: Page, invoice: string) =>
  page.getByTestId("intake-sale").filter({ hasText: `Sale ${invoice}` });

interface StandInSale {
  id: string;
  invoice_number: string;
}

/** A sale at the stand-in's till: it signs and posts Lightspeed's sale.update webhook to Loupe. */
async function sell(request: APIRequestContext, body: Record<string, unknown>): Promise<StandInSale> {
  const res = await request.post(`${standIn()}/_stand-in/${PREFIX}/sales`, { data: body });
  expect(res.status(), await res.text()).toBe(201);
  const answer = (await res.json()) as { sale: StandInSale; webhook: { status: number }[] };
  if (body.webhook !== "drop") expect(answer.webhook[0]?.status, "Loupe acknowledged the webhook").toBe(200);
  return answer.sale;
}

/** Nothing of `scope` ends past the viewport's right edge (named when something does). */
async function expectNoSidewaysScroll(page: Page, scope: Locator) {
  const width = page.viewportSize()!.width;
  const over = await scope.evaluate(
    (root, w) =>
      [root, ...root.querySelectorAll<HTMLElement>("*")]
        .filter((e) => e.getClientRects().length > 0 && e.getBoundingClientRect().right > w + 1)
        .slice(0, 8)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).slice(0, 50)}`),
    width,
  );
  expect(over, `wider than ${width} px`).toEqual([]);
}

/** Presses Tab until `target` has the focus (at most `max` times): the keyboard's own way there. */
async function tabTo(page: Page, target: Locator, max = 15) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.describe("sales from the point of sale (issue 45)", () => {
  test("a till sale becomes a job by itself; one whose customer could be two waits until staff pick", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    await signIn(page);
    const headers = { authorization: `Bearer ${await token(page)}` };

    // 1. The till's first sale comes from a register Loupe has not met: it waits for its outlet.
    const first = await sell(request, {
      invoice_number: `E2E-${stamp}-1`,
      customer: { first_name: "Nina", last_name: `Till${stamp}`, email: `nina.${stamp}@example.com` },
      lines: [{ sku: "HARP-52-TOR" }],
    });
    await page.goto("/jobs");
    await page.getByRole("tab", { name: "Intake" }).click();
    await expect(page).toHaveURL(/\/intake$/);
    await expect(page.getByTestId("intake-store").filter({ hasText: PREFIX })).toBeVisible();
    const firstCard = card(page, first.invoice_number);
    await expect(firstCard.getByTestId("intake-reason-code")).toHaveText("Unknown outlet");
    await firstCard.getByRole("button", { name: `Pick the outlet for sale ${first.invoice_number}` }).click();
    const outletDialog = page.getByRole("dialog", {
      name: `Pick the outlet for sale ${first.invoice_number}`,
    });
    await outletDialog.getByRole("radio", { name: /^Newtown/ }).check();
    await screenshot(page, "intake-1-outlet-dialog");
    await outletDialog.getByRole("button", { name: "Link this outlet" }).click();
    await expect(outletDialog).toHaveCount(0);
    await expect(page.getByTestId("intake-resolved")).toContainText(
      `Sale ${first.invoice_number} is now a job.`,
    );
    await expect(firstCard).toHaveCount(0);

    // 2. Every later sale from that register is a job within seconds, on the jobs list.
    const soldAt = Date.now();
    const second = await sell(request, {
      invoice_number: `E2E-${stamp}-2`,
      customer: { first_name: "Otto", last_name: `Till${stamp}`, email: `otto.${stamp}@example.com` },
      lines: [{ sku: "MILO-50-CRY" }, { sku: "ADD-CASE" }],
    });
    await expect(async () => {
      await page.goto(`/jobs/${second.invoice_number}`);
      await expect(page.getByRole("table", { name: "Jobs" })).toContainText(`Till${stamp}`, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 15_000 });
    const seconds = (Date.now() - soldAt) / 1000;
    expect(seconds, "the till's sale is on the jobs list within seconds").toBeLessThan(15);
    await screenshot(page, "intake-2-job-from-till");

    // 3. Two customers share an e-mail: the sale cannot tell which, and waits for a person.
    const twin = `twin.${stamp}@example.com`;
    for (const first_name of ["Ivy", "Iris"]) {
      const created = await page.request.post("/api/user", {
        headers,
        data: { first_name, last_name: `Twin${stamp}`, email: twin, new_opt_in: "ALL" },
      });
      expect(created.status(), await created.text()).toBeLessThan(300);
    }
    const third = await sell(request, {
      invoice_number: `E2E-${stamp}-3`,
      customer: { first_name: "Ivy", last_name: `Twin${stamp}`, email: twin },
      lines: [{ sku: "LUNA-49-HNY" }],
    });
    await page.goto("/intake");
    const waiting = card(page, third.invoice_number);
    await expect(waiting.getByTestId("intake-reason-code")).toHaveText("Needs a customer");
    await expect(waiting.getByTestId("intake-reason")).toContainText(
      "2 customers could be this sale's customer",
    );
    await screenshot(page, "intake-3-waiting-desktop");
    for (const width of [820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await settle(page);
      await expectNoSidewaysScroll(page, page.getByTestId("intake-page"));
      await screenshot(page, `intake-4-waiting-${width}`);
    }

    // Staff pick the customer with the keyboard alone, at a phone's width.
    const pick = waiting.getByRole("button", { name: `Pick the customer for sale ${third.invoice_number}` });
    await tabTo(page, pick, 60);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Pick the customer for sale ${third.invoice_number}` });
    const candidates = dialog.getByRole("radio");
    await expect(candidates).toHaveCount(2);
    // Contacts masked: enough to tell two people apart, never the whole address.
    await expect(dialog).not.toContainText(twin);
    await expect(dialog.getByTestId("intake-candidate").first()).toBeVisible();
    await tabTo(page, candidates.first());
    await page.keyboard.press("Space");
    await expect(candidates.first()).toBeChecked();
    await screenshot(page, "intake-5-pick-customer-390");
    await tabTo(page, dialog.getByRole("button", { name: "Link this customer" }));
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    const resolved = page.getByTestId("intake-resolved");
    await expect(resolved).toContainText(`Sale ${third.invoice_number} is now a job.`);
    await expect(waiting).toHaveCount(0);
    await screenshot(page, "intake-6-resolved-390");
    await page.setViewportSize({ width: 1440, height: 900 });

    // The job appears, linked to the customer picked.
    await resolved.getByRole("button", { name: `Open the job of sale ${third.invoice_number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs/${third.invoice_number}$`));
    await expect(page.getByRole("table", { name: "Jobs" })).toContainText(`Twin${stamp}`);
    await screenshot(page, "intake-7-job-after-pick");

    // 4. A webhook Lightspeed never delivered: "Sync now" reads the store's change feed and the
    // sale still becomes its job.
    const dropped = await sell(request, {
      invoice_number: `E2E-${stamp}-4`,
      customer: { first_name: "Pia", last_name: `Dropped${stamp}`, email: `pia.${stamp}@example.com` },
      lines: [{ sku: "OTTO-53-NVY" }],
      webhook: "drop",
    });
    await page.goto("/intake");
    await page.getByRole("button", { name: `Sync now: ${PREFIX}` }).click();
    await expect(page.getByTestId("banner-alert")).toContainText(`Sync of ${PREFIX} asked for`);
    await expect(async () => {
      await page.goto(`/jobs/${dropped.invoice_number}`);
      await expect(page.getByRole("table", { name: "Jobs" })).toContainText(`Dropped${stamp}`, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
    await page.goto("/intake");
    await expect(page.getByTestId("intake-store").filter({ hasText: PREFIX })).not.toContainText(
      "Not synced yet",
    );

    // 5. A delivery signed with the wrong secret is refused, kept as failed, and only an
    // administrator reads what it held.
    const body = `payload=${encodeURIComponent(JSON.stringify({ id: `forged-${stamp}` }))}&type=sale.update&domain_prefix=${PREFIX}`;
    const forged = await page.request.post("/api/intake/webhooks/lightspeed-au", {
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-signature": `signature=${createHmac("sha256", "not-the-secret").update(body).digest("hex")},algorithm=HMAC-SHA256`,
      },
      data: body,
    });
    expect(forged.status()).toBe(401);
    await page.goto("/intake?tab=failed");
    const failure = page.getByTestId("intake-failure").first();
    await expect(failure).toContainText("Signature not valid");
    await failure.getByRole("button", { name: /^Show raw payload of delivery/ }).click();
    const raw = page.getByRole("dialog", { name: /as received$/ });
    await expect(raw.getByTestId("raw-payload")).toContainText(`forged-${stamp}`);
    await screenshot(page, "intake-8-raw-payload");
  });
});
