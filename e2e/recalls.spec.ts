import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { screenshot, settle, signIn } from "./support/helpers";

const shots = path.join(import.meta.dirname, "screenshots");

/** Today on a zone's calendar, YYYY-MM-DD. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
/** As the domain adds months to a day (dayjs: the month's end kept in range). */
function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

async function tokenOf(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("loupe.session")!).token as string);
}

test.describe("recalls (issue 28)", () => {
  test("define a type, a prescription makes its first step due today, run it: e-mail in the outbox, a letter in the outlet's PDF; mark booked", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page);
    const headers = { authorization: `Bearer ${await tokenOf(page)}` };
    const outlets = (await (await page.request.get("/api/outlet", { headers })).json()).data as {
      id: number;
      name: string;
      time_zone: string;
    }[];
    const newtown = outlets.find((o) => o.name === "Newtown")!;
    const today = todayIn(newtown.time_zone);
    // A prescription today makes the recall due a month from today (interval 1 month); the first
    // step is that many days before, so it falls due today on Newtown's clock.
    const before = dayNumber(addMonths(today, 1)) - dayNumber(today);
    const stamp = Date.now() % 100000;
    const typeName = `E2E recall ${stamp}`;

    // 1. The administrator defines the recall type in Settings.
    await page.goto("/settings");
    const types = page.getByTestId("recall-types");
    await types.getByRole("button", { name: "New recall type" }).click();
    const form = page.getByRole("dialog");
    await form.getByLabel("Name").fill(typeName);
    await form.getByLabel("Interval (months)").fill("1");
    await form.getByLabel("Step 1 days").fill(String(before));
    await form
      .getByLabel("Step 1 text")
      .fill(
        "Hi {{customer.first_name}}, your {{recall.type}} is due on {{recall.due_date}}. Book at {{outlet.name}}.",
      );
    await form.getByRole("button", { name: "Add step" }).click();
    await form
      .getByLabel("Step 2 text")
      .fill("Hi {{customer.first_name}}, your eye test at {{outlet.name}} is due today.");
    await expect(form.getByText(`Step 1 · ${before} days before`)).toBeVisible();
    await expect(form.getByText("Step 2 · on the day")).toBeVisible();
    await screenshot(page, "recall-type-form");
    // The full page is tall (every settings section): the dialog alone, to look at.
    await form.screenshot({ path: path.join(shots, "recall-type-form-dialog.png") });
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText(`Recall type “${typeName}” saved.`);
    await expect(types.getByRole("table", { name: "Recall types" })).toContainText(typeName);
    await screenshot(page, "recall-types");
    const type = (
      (await (await page.request.get("/api/staff/recall-types", { headers })).json()).data as {
        id: number;
        name: string;
      }[]
    ).find((t) => t.name === typeName)!;

    // 2. Two customers get a spectacle prescription at Newtown today: one reachable by e-mail,
    // one with neither e-mail nor mobile but a postal address (the e-mail step becomes a letter).
    const sourceId = (await (await page.request.get("/api/prescription-source", { headers })).json()).data[0]
      .id;
    async function customerWithRx(first: string, details: Record<string, unknown>) {
      const created = await page.request.post("/api/user", {
        headers,
        // Newtown's customers (an earlier journey may have left the administrator at another outlet):
        // their recalls, letters and calls are Newtown's.
        data: {
          first_name: first,
          last_name: `Recall${stamp}`,
          new_opt_in: "ALL",
          outlet_id: newtown.id,
          ...details,
        },
      });
      expect(created.status(), await created.text()).toBeLessThan(300);
      const id = (await created.json()).data.id as number;
      return id;
    }
    const email = `ada.recall${stamp}@example.com`;
    const ada = await customerWithRx("Ada", {
      email,
      channel_email: true,
      channel_sms: true,
      channel_phone: true,
    });
    const ben = await customerWithRx("Ben", { channel_email: true, channel_sms: true, channel_phone: true });
    // Cy has only a landline: no e-mail, SMS or address, so the step becomes a call on the list.
    const cy = await customerWithRx("Cy", {
      phone: "02 9557 4121",
      channel_email: true,
      channel_sms: true,
      channel_phone: true,
    });
    const address = await page.request.post(`/api/staff/customers/${ben}/billing-addresses`, {
      headers,
      data: {
        type: "Postal",
        first_name: "Ben",
        last_name: `Recall${stamp}`,
        email: "post@example.com",
        address1: "12 Analytical Lane",
        suburb: "Marrickville",
        city: "Sydney",
        state: "NSW",
        postcode: "2204",
        country: "AU",
      },
    });
    expect(address.status(), await address.text()).toBeLessThan(300);
    for (const id of [ada, ben, cy]) {
      const rx = await page.request.post(`/api/v4/users/${id}/prescriptions`, {
        headers,
        data: { type_id: 1, right_sph: -1.25, left_sph: -1, source_id: sourceId, outlet_id: newtown.id },
      });
      expect(rx.status(), await rx.text()).toBe(201);
    }

    // 3. Run today's recalls now, then see the e-mail step in the Outbox.
    await page.goto(`/recalls?state=all&recall_type_id=${type.id}`);
    const table = page.getByRole("table", { name: "Recalls" });
    await expect(table).toContainText(`Ada Recall${stamp}`);
    await expect(table).toContainText(`Ben Recall${stamp}`);
    await page.getByRole("button", { name: "Run today's recalls now" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText(/Sent \d+/);
    await page.goto("/outbox");
    const outboxRow = page.locator("tr", { hasText: email });
    await expect(outboxRow).toBeVisible();
    await expect(outboxRow).toContainText(/Queued|Sent/i);
    await screenshot(page, "recall-outbox");

    // 4. Back on /recalls: the last step shows, Ada is marked booked.
    await page.goto(`/recalls?state=all&recall_type_id=${type.id}`);
    const adaRow = table.locator("tr", { hasText: `Ada Recall${stamp}` });
    const benRow = table.locator("tr", { hasText: `Ben Recall${stamp}` });
    await expect(adaRow).toContainText(/E-mail · (Queued|Sent)/);
    await expect(benRow).toContainText(/Letter · Queued/);
    await adaRow.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Booked" }).click();
    await expect(page.getByTestId("banner-alert")).toBeVisible();
    await expect(adaRow).toContainText("Booked");
    await expect(benRow).toContainText("Open");
    await screenshot(page, "recalls-list");

    // 5. Letters: the button opens the PDF in a tab; the same PDF fetched, rendered and kept.
    await page.getByRole("tab", { name: "Letters", exact: true }).click();
    const letters = page.getByTestId("recall-letters");
    await letters.getByLabel("Outlet").click();
    await page.getByRole("option", { name: "Newtown", exact: true }).click();
    const popup = page.waitForEvent("popup");
    await letters.getByRole("button", { name: "Open letters PDF" }).click();
    const tab = await popup;
    await tab.waitForURL(/^blob:/);
    await tab.close();
    await screenshot(page, "recall-letters-tab");
    const pdf = await page.request.get(`/api/staff/outlets/${newtown.id}/recall-letters?date=${today}`, {
      headers,
    });
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    const pdfPath = path.join(shots, "recall-letters.pdf");
    fs.writeFileSync(pdfPath, await pdf.body());
    execFileSync("pdftoppm", ["-png", "-r", "60", pdfPath, path.join(shots, "recall-letters")]);
    const pages = fs.readdirSync(shots).filter((f) => /^recall-letters-\d+\.png$/.test(f));
    expect(pages.length).toBeGreaterThan(0);
    const text = execFileSync("pdftotext", [pdfPath, "-"]).toString();
    expect(text).toContain("12 Analytical Lane");
    expect(text).toContain("Hi Ben");

    // 6. Calls: Cy is on Newtown's list with the script; ticked off as booked, the call goes.
    await page.getByRole("tab", { name: "Calls", exact: true }).click();
    // The list opens on the staff member's outlet; an earlier journey may have left it elsewhere.
    await page.getByTestId("recall-calls").getByLabel("Outlet").click();
    await page.getByRole("option", { name: "Newtown", exact: true }).click();
    const calls = page.getByRole("table", { name: "Recall calls" });
    const cyCall = calls.locator("tr", { hasText: `Cy Recall${stamp}` });
    await expect(cyCall).toContainText("02 9557 4121");
    await expect(cyCall).toContainText("Hi Cy, your");
    await screenshot(page, "recall-calls");
    await cyCall.getByRole("button", { name: `Cy Recall${stamp}: Booked` }).click();
    await expect(page.getByTestId("banner-alert")).toBeVisible();
    await expect(page.locator("tr", { hasText: `Cy Recall${stamp}` })).toHaveCount(0);
    await settle(page);
    await page.getByRole("tab", { name: "Return rate", exact: true }).click();
    await expect(page.getByTestId("recall-returns")).toContainText("By type");
    await screenshot(page, "recall-returns");

    // 7. Ben's profile: the recall, its letter step, and a one-click snooze.
    await page.goto(`/customers/${ben}`);
    const card = page.getByTestId("customer-recalls");
    await expect(card).toContainText(typeName);
    await expect(card).toContainText("Letter");
    await card.getByRole("button", { name: "Snooze 1 month" }).click();
    await expect(page.getByLabel("Reason")).toHaveValue("Customer asked to be reminded later");
    await screenshot(page, "recall-customer-card");
    await page.getByRole("button", { name: "Snooze", exact: true }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("Recall snoozed to");
  });
});
