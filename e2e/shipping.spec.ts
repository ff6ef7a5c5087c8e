import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO, screenshot, signIn } from "./support/helpers";

interface JobRow {
  id: number;
  vend_invoice_number: string;
  customer_id: number | null;
  shipment_status: string;
  channel_id: number;
  refunded: boolean;
  voided: boolean;
  dispense_status: { slug: string };
  origin_outlet: { region: { country_code: string } };
  order_billing: { billing_address: Record<string, string | null> | null };
}

async function apiToken(request: APIRequestContext, email = DEMO.email) {
  const res = await request.post("/api/user/login", { data: { email, password: DEMO.password } });
  return (await res.json()).data.token as string;
}

/** Jobs of a country with no shipment yet, each test taking its own. */
async function unshippedJobs(
  request: APIRequestContext,
  country: string,
  regionId: number,
): Promise<JobRow[]> {
  const token = await apiToken(request);
  const res = await request.get(`/api/staff/orders?region_id=${regionId}&per_page=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()).data as JobRow[]).filter(
    (j) =>
      // The rulebook ships nothing refunded, voided or cancelled (ADR 0025).
      !j.refunded &&
      !j.voided &&
      j.dispense_status.slug !== "cancelled" &&
      j.shipment_status === "not_created" &&
      j.origin_outlet.region.country_code === country &&
      j.customer_id != null &&
      j.order_billing.billing_address?.address1,
  );
}

async function openJob(page: Page, invoice: string) {
  await page.goto(`/jobs?q=${encodeURIComponent(invoice)}`);
  const table = page.getByRole("table", { name: "Jobs" });
  await expect(table.getByText(invoice)).toBeVisible();
  await table.getByRole("button", { name: "Expand" }).first().click();
  await expect(page.getByTestId("job-detail")).toBeVisible();
}

async function fillParcelForm(page: Page) {
  const modal = page.getByRole("dialog", { name: "Create Shipping Order" });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole("button", { name: "Get Quotes" })).toBeDisabled();
  await modal.getByRole("combobox", { name: "Receiver address" }).click();
  await page.getByRole("option", { name: /Job's shipping address/ }).click();
  await expect(modal.getByTestId("receiver-contact")).toBeVisible();
  await expect(modal.getByRole("textbox", { name: "Weight (kg)" })).toHaveValue("0.3");
  await expect(modal.getByRole("textbox", { name: "Description" })).toHaveValue("Prescription glasses");
  await expect(modal.getByRole("textbox", { name: "Country of origin" })).toHaveValue("Australia");
  return modal;
}

test.describe("shipping", () => {
  test("an AU job from the parcel form to a printed label", async ({ page, request, context }) => {
    const [job] = await unshippedJobs(request, "AU", 1);
    await signIn(page);
    await openJob(page, job.vend_invoice_number);
    await page.getByRole("button", { name: "Create Shipping Order" }).click();
    const modal = await fillParcelForm(page);
    await modal.getByRole("combobox", { name: "Parcel size" }).click();
    await page.getByRole("option", { name: /Small Box 18×13×6 cm/ }).click();
    await expect(modal.getByRole("textbox", { name: "Weight (kg)" })).toHaveValue("0.2");
    await screenshot(page, "shipping-step1-parcel");

    await modal.getByRole("button", { name: "Get Quotes" }).click();
    const options = modal.getByTestId("courier-option");
    await expect(options).toHaveCount(2);
    await expect(modal.getByRole("button", { name: "Confirm" })).toBeDisabled();
    await modal.getByRole("radio", { name: "Parcel Post" }).check();
    await screenshot(page, "shipping-step2-couriers");
    await modal.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText(
      "New shipping order has been successfully created!",
    );

    const detail = page.getByTestId("shipping-detail");
    await expect(detail).toContainText("Status: Created");
    await expect(detail).toContainText("Company: LOUPE COURIER");
    await expect(detail.getByTestId("tracking-link")).toHaveText(/^LPC\d{10}AU$/);
    await expect(page.getByRole("button", { name: "Create Shipping Order" })).toHaveCount(0);
    await screenshot(page, "shipping-created-detail");

    const popup = context.waitForEvent("page");
    await detail.getByRole("button", { name: "Print label" }).click();
    const tab = await popup;
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    expect(tab.url()).not.toContain("token");

    // The same bytes for a look: the label saved beside the screenshots (rendered to PNG by pdftoppm).
    const token = await apiToken(request);
    const pdf = await request.get(`/api/staff/shipments/get-label/${job.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    fs.writeFileSync(path.join(import.meta.dirname, "screenshots", "shipping-label.pdf"), await pdf.body());
  });

  test("a failed quote still reaches step 2 with its warnings", async ({ page, request }) => {
    const [, job] = await unshippedJobs(request, "AU", 1);
    await page.route("**/api/staff/shipments/getquote", (route) =>
      route.fulfill({
        status: 502,
        contentType: "application/json",
        body: JSON.stringify({
          code: "upstream_failed",
          message: "Couldn't get quotes",
          error: "Couldn't get quotes",
          errors: { aupost: ["Australia Post did not answer within 15000 ms."] },
        }),
      }),
    );
    await signIn(page);
    await openJob(page, job.vend_invoice_number);
    await page.getByRole("button", { name: "Create Shipping Order" }).click();
    const modal = await fillParcelForm(page);
    await modal.getByRole("button", { name: "Get Quotes" }).click();
    await expect(modal.getByTestId("quote-warnings")).toContainText(
      "aupost: Australia Post did not answer within 15000 ms.",
    );
    await expect(modal.getByRole("button", { name: "Confirm" })).toBeDisabled();
    await screenshot(page, "shipping-quote-failed-step2");
    await modal.getByRole("button", { name: "Back" }).click();
    await expect(modal.getByRole("button", { name: "Get Quotes" })).toBeVisible();
  });

  test("Canada: manual entry refused without an https URL, accepted with one", async ({ page, request }) => {
    const [job] = await unshippedJobs(request, "CA", 5);
    await signIn(page, "jordan@loupe.test");
    await openJob(page, job.vend_invoice_number);
    await expect(page.getByRole("button", { name: "Create Shipping Order" })).toHaveCount(0);
    await page.getByRole("button", { name: "Enter Tracking" }).click();
    const modal = page.getByRole("dialog", { name: "Enter Tracking" });
    await modal
      .getByRole("textbox", { name: "Tracking URL" })
      .fill("http://www.canadapost-postescanada.ca/track/7023210039414604");
    await modal.getByRole("button", { name: "Save" }).click();
    await expect(
      modal.getByText("The tracking URL must be a web address starting with https://"),
    ).toBeVisible();
    await screenshot(page, "shipping-canada-refused");
    await modal
      .getByRole("textbox", { name: "Tracking URL" })
      .fill("https://www.canadapost-postescanada.ca/track-reperage/en/details/7023210039414604");
    await modal.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText(
      "New shipping order has been successfully created!",
    );
    const detail = page.getByTestId("shipping-detail");
    await expect(detail).toContainText("Company: CANADA POST");
    await expect(detail.getByTestId("tracking-link")).toHaveText("7023210039414604");
    await expect(detail.getByTestId("tracking-link")).toHaveAttribute(
      "href",
      "https://www.canadapost-postescanada.ca/track-reperage/en/details/7023210039414604",
    );
    await screenshot(page, "shipping-canada-accepted");
  });

  test("the button is hidden for an NZ user and for a shipped job", async ({ page, request }) => {
    const [job] = await unshippedJobs(request, "AU", 1);
    await signIn(page, "aroha@loupe.test");
    await openJob(page, job.vend_invoice_number);
    await expect(page.getByTestId("job-actions").getByRole("button", { name: "Print" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Shipping Order" })).toHaveCount(0);
    await screenshot(page, "shipping-hidden-nz");

    const token = await apiToken(request);
    const ntn = (
      (
        await (
          await request.get("/api/outlet?with=address", { headers: { authorization: `Bearer ${token}` } })
        ).json()
      ).data as { id: number; abbreviation: string }[]
    ).find((o) => o.abbreviation === "NTN")!;
    const a = job.order_billing.billing_address!;
    const shipped = await request.post("/api/staff/au-post-orders", {
      headers: { authorization: `Bearer ${token}` },
      data: {
        selected_outlet_id: ntn.id,
        sender_outlet_id: ntn.id,
        product_id: "LOCAL-PP",
        order_id: job.id,
        weight: 0.3,
        width: 15,
        height: 6,
        length: 24,
        quantity: 1,
        receiver: {
          name: "Journey Receiver",
          lines: [a.address1],
          suburb: a.suburb ?? a.city ?? "Sydney",
          state: a.state ?? "NSW",
          country: "AU",
          postcode: a.postcode ?? "2000",
        },
        idempotency_key: `journey-hidden-${job.id}-${Date.now()}`,
      },
    });
    expect(shipped.status()).toBe(200);
    await page.goto("/logout");
    await signIn(page);
    await openJob(page, job.vend_invoice_number);
    await expect(page.getByTestId("shipping-detail")).toContainText("Company: LOUPE COURIER");
    await expect(page.getByRole("button", { name: "Create Shipping Order" })).toHaveCount(0);
    await screenshot(page, "shipping-hidden-shipped");
  });

  test("Cancel shipment after a confirm, once under a double click; the timeline shows it and the job can ship again; Manifest today", async ({
    page,
    request,
  }) => {
    const [job, other] = await unshippedJobs(request, "AU", 1);
    const token = await apiToken(request);
    const auth = { authorization: `Bearer ${token}` };
    const me = (await (await request.get("/api/me", { headers: auth })).json()).data as { outlet_id: number };
    const book = async (j: JobRow) => {
      const a = j.order_billing.billing_address!;
      const res = await request.post("/api/staff/au-post-orders", {
        headers: auth,
        data: {
          selected_outlet_id: me.outlet_id,
          sender_outlet_id: me.outlet_id,
          product_id: "LOCAL-PP",
          order_id: j.id,
          weight: 0.3,
          width: 15,
          height: 6,
          length: 24,
          quantity: 1,
          receiver: {
            name: "Journey Receiver",
            lines: [a.address1],
            suburb: a.suburb ?? a.city ?? "Sydney",
            state: a.state ?? "NSW",
            country: "AU",
            postcode: a.postcode ?? "2000",
          },
          idempotency_key: `journey-${j.id}-${Date.now()}`,
        },
      });
      expect(res.status()).toBe(200);
      return (await res.json()).data as { tracking_number: string; company: string };
    };
    const booked = await book(job);

    await signIn(page);
    await openJob(page, job.vend_invoice_number);
    const detail = page.getByTestId("shipping-detail");
    await expect(detail).toContainText("Status: Created");
    const cancels: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith(`/api/staff/shipments/${job.id}/cancel`))
        cancels.push(r.url());
    });
    await detail.getByRole("button", { name: "Cancel shipment" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel shipment" });
    await expect(dialog).toContainText("Cancel this shipment with the courier?");
    await screenshot(page, "shipping-cancel-confirm");
    await dialog.getByRole("button", { name: "Yes, Cancel Shipment" }).dblclick();
    await expect(page.getByTestId("banner-alert")).toContainText("The shipment has been cancelled.");
    expect(cancels).toHaveLength(1);
    await expect(detail).toContainText("Status: Not created");
    await expect(detail.getByTestId("cancelled-shipment")).toContainText(
      `Shipment ${booked.tracking_number} with ${booked.company} was cancelled.`,
    );
    await expect(page.getByRole("button", { name: "Create Shipping Order" })).toBeVisible();
    const timeline = page.getByTestId("job-timeline");
    const what = `${booked.company} ${booked.tracking_number}`;
    await expect(timeline.getByRole("cell", { name: `Shipment created: ${what}`, exact: true })).toHaveCount(
      1,
    );
    await expect(
      timeline.getByRole("cell", { name: `Shipment cancelled: ${what}`, exact: true }),
    ).toHaveCount(1);
    await screenshot(page, "shipping-cancelled-timeline");

    // Manifest today: the outlet's open shipments go on one courier order and can no longer be cancelled.
    await book(other);
    await page.goto("/jobs");
    await page.getByRole("button", { name: "Manifest today" }).click();
    const confirm = page.getByRole("dialog", { name: "Manifest today's shipments" });
    await expect(confirm).toBeVisible();
    await screenshot(page, "shipping-manifest-confirm");
    await confirm.getByRole("button", { name: "Yes, Manifest" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText(/Manifest created for \d+ shipments?\./);
    await openJob(page, other.vend_invoice_number);
    await expect(detail).toContainText(/Manifest: LM-LOUPE-\d+-\d{4}-\d{2}-\d{2}/);
    await expect(detail.getByRole("button", { name: "Cancel shipment" })).toHaveCount(0);
    await screenshot(page, "shipping-manifested-detail");

    // The outlet's manifests, newest first; the local courier makes no summary to print.
    await page.getByRole("button", { name: "Manifests" }).click();
    const today = page.getByRole("menuitem", { name: /shipments? No summary$/ }).first();
    await expect(today).toBeVisible();
    await expect(today).toBeDisabled();
    await expect(today).toContainText(/^\d{1,2}(st|nd|rd|th) \w{3} \d{4} · \d+ shipments?/);
    await screenshot(page, "shipping-manifests-menu");
  });
});
