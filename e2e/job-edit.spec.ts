import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO, screenshot, settle, signIn } from "./support/helpers";
import {
  api,
  findJob,
  givePd,
  giveRx,
  glass,
  type Item,
  type Job,
  live,
  openJob,
  uploadScan,
} from "./support/job-fixtures";

/**
 * The job edit panel (jobs-area §2, §4, §5): frame, prescription, PD and lenses in five steps on
 * the demo's lens catalogue. Each journey picks a demo job of the right kind through the API and
 * gives its customer the prescriptions and PDs it needs.
 */

const panel = (page: Page) => page.getByTestId("job-edit-panel");
const step = (page: Page, n: number) => page.getByTestId(`job-edit-step-${n}`);
const alert = (page: Page) => page.getByTestId("banner-alert");

async function openEdit(page: Page, job: Job, item: Item) {
  await openJob(page, job);
  await page.getByRole("button", { name: `Edit Selection of item ${item.id}` }).click();
  await expect(panel(page)).toBeVisible();
  await expect(page.getByTestId("job-edit-header")).toContainText(job.vend_invoice_number);
}

async function choose(scope: Locator, page: Page, label: string, option: string) {
  await scope.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function fillFrame(page: Page, shape: string, size: string) {
  const frame = step(page, 1);
  await frame.getByText(shape, { exact: true }).click();
  if (size !== "nd") {
    await choose(frame, page, "Frame size", size);
    await choose(frame, page, "Left Arm size", size);
    await choose(frame, page, "Right Arm size", size);
  }
  await choose(frame, page, "Frame color", "Black");
  await choose(frame, page, "Arm color", "Tortoise");
}

/** Saves an open dialog with its Save button: the banner says `message` and the dialog is gone. */
async function saveDialog(page: Page, dialog: Locator, message: string) {
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(alert(page)).toContainText(message);
  await expect(dialog).toHaveCount(0);
}

const confirm = (page: Page, n: number) => step(page, n).getByRole("button", { name: "Confirm" }).click();

/**
 * A multifocal demo job whose customer gets this prescription (or the one `rx` makes once it knows
 * the customer, e.g. with an uploaded scan) and this PD.
 */
async function multifocalJob(
  request: APIRequestContext,
  rx: Record<string, unknown> | ((customerId: number) => Promise<Record<string, unknown>>),
  pd: Record<string, unknown>,
) {
  const found = await findJob(request, false, (j) =>
    live(j).find((i) => i.region_product.lenses_type === "multifocal"),
  );
  const customerId = found.job.customer_id!;
  await giveRx(request, customerId, typeof rx === "function" ? await rx(customerId) : rx);
  await givePd(request, customerId, pd);
  return found;
}

/** Opens the panel, fills the frame (Original, `size`) and confirms it: the panel is on step 2. */
async function openAtPrescriptionStep(page: Page, job: Job, item: Item, size = "M") {
  await openEdit(page, job, item);
  await fillFrame(page, "Original", size);
  await confirm(page, 1);
}

/** A multifocal job with a prescription of this near add and this PD, taken to step 3. */
async function multifocalAtPdStep(
  page: Page,
  request: APIRequestContext,
  rx: { right_sph: number; left_sph: number; add: number },
  pd: Record<string, unknown>,
  size = "M",
) {
  const { job, item } = await multifocalJob(
    request,
    {
      right_sph: rx.right_sph,
      left_sph: rx.left_sph,
      spectacles: { right_near_add: rx.add, left_near_add: rx.add },
    },
    pd,
  );
  await openAtPrescriptionStep(page, job, item, size);
  await step(page, 2)
    .getByRole("radio", { name: new RegExp(`Add \\+${rx.add.toFixed(2).replace(".", "\\.")}`) })
    .first()
    .check();
  await confirm(page, 2);
}

test.describe("job edit", () => {
  // Five steps with an axe scan per screenshot: on a shared two-core machine that outlasts 60 s.
  test.describe.configure({ timeout: 150_000 });
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("a multifocal job from frame to saved selection with heights; the docket prompt after the last glass item", async ({
    page,
    request,
  }) => {
    const { job, item } = await findJob(request, false, (j) =>
      glass(j).length === 1 && glass(j)[0].region_product.lenses_type === "multifocal"
        ? glass(j)[0]
        : undefined,
    );
    await giveRx(request, job.customer_id!, {
      right_sph: -2.25,
      left_sph: -2,
      right_cyl: -0.5,
      right_axis: 180,
      spectacles: { right_near_add: 2, left_near_add: 2 },
    });
    await givePd(request, job.customer_id!, {
      binocular_dist_pd: 63,
      right_height_multifocal: 23,
      left_height_multifocal: 23.5,
      frame_size: "M",
      glass_shape_type: "classic",
    });
    await openEdit(page, job, item);
    await fillFrame(page, "Original", "M");
    await screenshot(page, "job-edit-1-frame");
    await confirm(page, 1);

    await step(page, 2)
      .getByRole("radio", { name: /Add \+2\.00/ })
      .first()
      .check();
    await confirm(page, 2);
    await step(page, 3)
      .getByRole("radio", { name: /multifocal heights R 23 \/ L 23\.5/ })
      .first()
      .check();
    await confirm(page, 3);

    await expect(step(page, 4).getByRole("radio").first()).toBeVisible();
    await expect(step(page, 4).getByText(/Zeiss/)).toHaveCount(0);
    await screenshot(page, "job-edit-4-lenses-multifocal");
    await step(page, 4)
      .getByRole("radio", { name: /Hoyalux iD MyStyle long/ })
      .first()
      .check();
    await confirm(page, 4);

    await expect(step(page, 5).getByRole("button", { name: "Save" })).toBeEnabled();
    await expect(page.getByTestId("pd-summary")).toContainText("multifocal heights R 23 / L 23.5");
    await screenshot(page, "job-edit-5-summary-multifocal");
    await step(page, 5).getByRole("button", { name: "Save" }).click();
    await expect(alert(page)).toContainText("Selections successfully confirmed.");
    await expect(page.getByRole("dialog", { name: "Print job docket?" })).toBeVisible();
    await expect(page.getByTestId("docket-prompt").getByRole("button", { name: "Print" })).toBeEnabled();
    await screenshot(page, "job-edit-docket-prompt");
    await page.getByRole("button", { name: "No thanks" }).click();
    await expect(page.getByTestId("item-confirmed").first()).toBeVisible();

    const saved = (await api(request, "GET", `/api/staff/orders/${job.id}`)).data.items.find(
      (i: Item) => i.id === item.id,
    );
    expect(saved.additional_info.data.pd.right_height_multifocal).toBe(23);
    expect(saved.additional_info.revision).toBe(1);
  });

  test("a single-vision job choosing an intermediate type", async ({ page, request }) => {
    const { job, item } = await findJob(request, false, (j) =>
      live(j).find(
        (i) =>
          i.region_product.lenses_type === "single-vision" && i.region_product.parent_type.key === "glasses",
      ),
    );
    await giveRx(request, job.customer_id!, {
      right_sph: -1.5,
      left_sph: -1.75,
      spectacles: { right_near_add: 2, left_near_add: 2, right_int_add: 1.25, left_int_add: 1.25 },
    });
    await giveRx(request, job.customer_id!, { right_sph: -3, left_sph: -3 });
    await givePd(request, job.customer_id!, {
      binocular_dist_pd: 64,
      binocular_int_pd: 62,
      right_dist_pd: 32,
      left_dist_pd: 32,
    });
    await openEdit(page, job, item);
    await fillFrame(page, "Original", "L");
    await confirm(page, 1);
    const rx = step(page, 2);
    // Without an intermediate add, Type offers Reading and Distance only.
    await rx
      .getByRole("radio", { name: /R -3\.00 · L -3\.00/ })
      .first()
      .check();
    await rx.getByRole("combobox", { name: "Type" }).click();
    await expect(page.getByRole("option", { name: "Intermediate" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await rx
      .getByRole("radio", { name: /R -1\.50 · L -1\.75/ })
      .first()
      .check();
    await expect(rx.getByRole("button", { name: "Confirm" })).toBeDisabled();
    await expect(page.getByTestId("rx-error")).toHaveText("The Type field is required.");
    await choose(rx, page, "Type", "Intermediate");
    await expect(rx.getByRole("button", { name: "Confirm" })).toBeEnabled();
    await screenshot(page, "job-edit-2-single-vision-intermediate");
    await confirm(page, 2);
    await step(page, 3).getByRole("radio").first().check();
    await confirm(page, 3);
    await step(page, 4).getByRole("radio").first().check();
    await confirm(page, 4);
    await expect(page.getByTestId("rx-summary")).toContainText("intermediate");
    await step(page, 5).getByRole("button", { name: "Save" }).click();
    await expect(alert(page)).toContainText("Selections successfully confirmed.");
    const saved = (await api(request, "GET", `/api/staff/orders/${job.id}`)).data.items.find(
      (i: Item) => i.id === item.id,
    );
    expect(saved.additional_info.data.prescription.type).toBe("intermediate");
  });

  test("a Capote frame turns XS into S and opens the height dialogs", async ({ page, request }) => {
    await multifocalAtPdStep(
      page,
      request,
      { right_sph: -1, left_sph: -1, add: 1.5 },
      {
        binocular_dist_pd: 66,
        right_height_multifocal: 20,
        left_height_multifocal: 20,
        frame_size: "XS",
        glass_shape_type: "classic",
      },
      "XS",
    );
    await step(page, 3)
      .getByRole("radio", { name: /R 20 \/ L 20 · frame XS/ })
      .first()
      .check();
    await confirm(page, 3);

    await step(page, 1).getByRole("button", { name: "Change" }).click();
    await step(page, 1).getByText("Capote", { exact: true }).click();
    await expect(step(page, 1).getByRole("combobox", { name: "Frame size", exact: true })).toHaveValue("S");
    await expect(step(page, 1).getByRole("combobox", { name: "Left Arm size", exact: true })).toHaveValue(
      "S",
    );
    await expect(step(page, 1).getByRole("combobox", { name: "Right Arm size", exact: true })).toHaveValue(
      "S",
    );
    const dialog = page.getByRole("dialog", { name: "Shape Height Conversion" });
    await expect(dialog).toBeVisible();
    // 20 at XS original → S round: 20 / 0.9 × 1 × 0.9 = 20.
    await expect(dialog.getByTestId("new-right_height_multifocal")).toHaveText("20");
    await screenshot(page, "job-edit-capote-shape-height-conversion");
    await dialog.getByRole("button", { name: "Create new PD" }).click();
    await expect(alert(page)).toContainText("New PD has been successfully created!");
    await settle(page);

    await choose(step(page, 1), page, "Frame size", "L");
    const update = page.getByRole("dialog", { name: "Frame and PD Height Update" });
    await expect(update).toBeVisible();
    // S → L: 20 / 1 × 1.2 = 24.
    await expect(update.getByTestId("new-right_height_multifocal")).toHaveText("24");
    await screenshot(page, "job-edit-frame-pd-height-update");
    await update.getByRole("button", { name: "Update heights" }).click();
    await expect(alert(page)).toContainText("PD heights have been successfully updated!");
  });

  test("a guest job: frame, then Add Prescription and Create Pd, lenses and save", async ({
    page,
    request,
  }) => {
    const { job, item } = await findJob(request, true, (j) =>
      live(j).find(
        (i) =>
          i.region_product.lenses_type === "single-vision" && i.region_product.parent_type.key === "glasses",
      ),
    );
    await openEdit(page, job, item);
    await expect(page.getByTestId("job-edit-header")).toContainText("(Guest)");
    await fillFrame(page, "Original", "M");
    await confirm(page, 1);
    // Guests skip straight to step 5.
    const summary = step(page, 5);
    await expect(summary.getByRole("button", { name: "Guest Edit" })).toBeVisible();
    await summary.getByRole("button", { name: "Add Prescription" }).click();
    const rxDialog = page.getByRole("dialog", { name: "Add Prescription" });
    await choose(rxDialog, page, "right sphere", "-1.25");
    await choose(rxDialog, page, "left sphere", "-1.00");
    await rxDialog.getByRole("combobox", { name: "Source" }).click();
    await page.getByRole("option").first().click();
    await rxDialog.getByRole("button", { name: "Create" }).click();
    await expect(rxDialog).toHaveCount(0);
    await summary.getByRole("button", { name: "Create Pd" }).click();
    const pdDialog = page.getByRole("dialog", { name: "Create Pd" });
    await pdDialog.getByLabel("binocular distance PD").fill("62");
    await pdDialog.getByRole("combobox", { name: "Source" }).click();
    await page.getByRole("option").first().click();
    await pdDialog.getByRole("button", { name: "Create" }).click();
    // A guest's new PD sets step 4.
    await expect(step(page, 4).getByRole("radio").first()).toBeVisible();
    await step(page, 4).getByRole("radio").first().check();
    await confirm(page, 4);
    await screenshot(page, "job-edit-guest-summary");
    // Editing the guest's PD (the PD modal's Save) finishes on step 4 for a guest.
    await step(page, 5).getByRole("button", { name: "Edit Pd" }).click();
    const editPd = page.getByRole("dialog", { name: "Edit PD" });
    await editPd.getByLabel("binocular distance PD").fill("63");
    await saveDialog(page, editPd, "PD has been successfully edited!");
    await expect(page.getByTestId("lens-step")).toBeVisible();
    await expect(page.getByTestId("pd-summary")).toContainText("PD 63");
    await step(page, 4).getByRole("radio").first().check();
    await confirm(page, 4);
    await step(page, 5).getByRole("button", { name: "Save" }).click();
    await expect(alert(page)).toContainText("Selections successfully confirmed.");
  });

  test("a prescription outside every lens's range shows No lens available", async ({ page, request }) => {
    const { job, item } = await multifocalJob(
      request,
      { right_sph: -16, left_sph: -15.5, spectacles: { right_near_add: 2.5, left_near_add: 2.5 } },
      { binocular_dist_pd: 62, right_height_multifocal: 22, left_height_multifocal: 22 },
    );
    await openAtPrescriptionStep(page, job, item);
    await step(page, 2)
      .getByRole("radio", { name: /R -16\.00/ })
      .first()
      .check();
    await confirm(page, 2);
    await step(page, 3)
      .getByRole("radio", { name: /R 22 \/ L 22/ })
      .first()
      .check();
    await confirm(page, 3);
    await expect(step(page, 4).getByText("No lenses match this prescription")).toBeVisible();
    await expect(step(page, 4).getByText("No lens available")).toBeVisible();
    await expect(step(page, 4).getByRole("radio")).toHaveCount(0);
    await expect(step(page, 4).getByRole("button", { name: "Confirm" })).toBeDisabled();
    await screenshot(page, "job-edit-no-lens-available");
  });

  test("a save from a stale revision says who saved first, and the panel closes", async ({
    page,
    request,
  }) => {
    const { job, item } = await findJob(request, false, (j) =>
      live(j).find(
        (i) => !i.region_product.requires_prescription && i.region_product.parent_type.key === "glasses",
      ),
    );
    await openEdit(page, job, item);
    await fillFrame(page, "Original", "M");
    await confirm(page, 1);
    // Without a prescription the product saves with frame data alone.
    await expect(step(page, 5).getByRole("button", { name: "Save" })).toBeEnabled();
    const colours = async (type: string) =>
      (await api<{ data: { id: number }[] }>(request, "GET", `/api/colors?type=${type}`)).data[0].id;
    const samToken = (
      await (
        await request.post("/api/user/login", { data: { email: "sam@loupe.test", password: DEMO.password } })
      ).json()
    ).data.token;
    const part = { size: "L", colorId: await colours("Temple") };
    const first = await request.put(`/api/staff/order-items/${item.id}/info`, {
      headers: { authorization: `Bearer ${samToken}` },
      data: {
        customize: {
          front: { shape: "classic", size: "L", colorId: await colours("Frame") },
          left: part,
          right: part,
        },
        revision: 0,
      },
    });
    expect(first.ok()).toBe(true);
    await step(page, 5).getByRole("button", { name: "Save" }).click();
    await expect(alert(page)).toContainText(
      /This job selection was changed by Sam .* Reload to see their changes\./,
    );
    await expect(panel(page)).toHaveCount(0);
    await screenshot(page, "job-edit-stale-save");
  });

  test("a file-only prescription opened beside its file, typed in, moves the panel on to Pupil Distance", async ({
    page,
    request,
  }) => {
    const { job, item } = await multifocalJob(
      request,
      async (customerId) => ({
        right_sph: 0,
        left_sph: 0,
        files: [await uploadScan(request, customerId, "rx-scan.png")],
      }),
      { binocular_dist_pd: 62, right_height_multifocal: 22, left_height_multifocal: 22 },
    );
    await openAtPrescriptionStep(page, job, item);

    await expect(step(page, 2).getByText("Please edit prescription").first()).toBeVisible();
    await step(page, 2).getByRole("button", { name: "Open file" }).first().click();
    const modal = page.getByRole("dialog", { name: "Edit Prescription" });
    await expect(modal.getByTestId("prescription-files")).toBeVisible();
    // Right eye first, then left: the two Sphere selects in eye order.
    for (const [i, value] of ["-2.00", "-1.75"].entries()) {
      await modal.getByRole("combobox", { name: "Sphere", exact: true }).nth(i).click();
      await page.getByRole("option", { name: value, exact: true }).click();
    }
    await modal.getByLabel("right near add").fill("2");
    await screenshot(page, "job-edit-prescription-file-modal");
    await saveDialog(page, modal, "Prescription has been successfully edited!");

    // With a customer the panel continues at step 3, the typed-in prescription chosen.
    await expect(page.getByTestId("pd-step")).toBeVisible();
    await expect(page.getByTestId("rx-summary")).toContainText("-2.00");
    await expect(page.getByTestId("rx-summary")).toContainText("+2.00");
    await screenshot(page, "job-edit-after-file-modal");
  });

  test("editing a PD from step 3 saves it and finishes on step 5; a new PD says Create", async ({
    page,
    request,
  }) => {
    await multifocalAtPdStep(
      page,
      request,
      { right_sph: -1.5, left_sph: -1.25, add: 2.25 },
      { binocular_dist_pd: 61, right_height_multifocal: 21, left_height_multifocal: 21.5, frame_size: "M" },
    );

    await step(page, 3).getByRole("button", { name: "Create Pd" }).click();
    const create = page.getByRole("dialog", { name: "New PD" });
    await expect(create.getByRole("button", { name: "Create" })).toBeVisible();
    await expect(create.getByRole("button", { name: "Save" })).toHaveCount(0);
    await create.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByTestId("pd-step")).toBeVisible();

    await step(page, 3)
      .getByRole("button", { name: /Edit PD .*heights R 21 \/ L 21\.5/ })
      .first()
      .click();
    const edit = page.getByRole("dialog", { name: "Edit PD" });
    await expect(edit.getByRole("button", { name: "Create" })).toHaveCount(0);
    await edit.getByLabel("right multifocal height").fill("22");
    await edit.getByLabel("left multifocal height").fill("22.5");
    await screenshot(page, "job-edit-pd-edit-modal");
    await saveDialog(page, edit, "PD has been successfully edited!");

    // Editing finishes the step: with a customer, straight to the summary (step 5).
    await expect(page.getByTestId("summary-step")).toBeVisible();
    await expect(page.getByTestId("pd-summary")).toContainText("heights R 22 / L 22.5");
    await screenshot(page, "job-edit-after-pd-edit");
  });

  test("a contact-lens item takes a contact-lens prescription, serves its file, and records the choice", async ({
    page,
    request,
  }) => {
    const { job, item } = await findJob(request, false, (j) =>
      live(j).find((i) => i.region_product.parent_type.key === "contact-lenses"),
    );
    const scan = await uploadScan(request, job.customer_id!, "cl-prescription.png");
    await giveRx(request, job.customer_id!, {
      type_id: 2,
      right_sph: -2.5,
      left_sph: -2.25,
      files: [scan],
      contact_lens: {
        brand: "Acuvue Oasys",
        right_base_curve: 8.4,
        left_base_curve: 8.4,
        right_diameter: 14,
        left_diameter: 14,
      },
    });
    const line = "Acuvue Oasys · R -2.50 BC 8.4 DIA 14 · L -2.25 BC 8.4 DIA 14";
    await openEdit(page, job, item);
    // Contact lenses have no frame, PD or lens steps: the panel opens on the prescription.
    await expect(page.getByTestId("rx-step")).toBeVisible();
    await expect(step(page, 1)).toHaveCount(0);
    const row = step(page, 2).locator(".mantine-Paper-root", { hasText: line }).first();
    await expect(row).toBeVisible();
    const download = page.waitForEvent("download");
    await row.getByRole("button", { name: "Prescription file" }).click();
    expect((await download).suggestedFilename()).toBe("cl-prescription.png");
    await row.getByRole("radio").check();
    await screenshot(page, "job-edit-contact-lens-prescription");
    await confirm(page, 2);

    await expect(page.getByTestId("rx-summary")).toContainText(line);
    await expect(step(page, 5).getByRole("button", { name: "Save" })).toBeEnabled();
    await step(page, 5).getByRole("button", { name: "Save" }).click();
    await expect(alert(page)).toContainText("Selections successfully confirmed.");
    await expect(panel(page)).toHaveCount(0);
    const saved = page.getByTestId("job-item").filter({ hasText: String(item.id) });
    await expect(saved.getByTestId("item-contact-lens")).toHaveText(line);
    await expect(saved.getByTestId("item-confirmed")).toBeVisible();
    await screenshot(page, "job-edit-contact-lens-saved");

    const stored = (await api(request, "GET", `/api/staff/orders/${job.id}`)).data.items.find(
      (i: Item) => i.id === item.id,
    );
    expect(stored.additional_info.data.contact_lens).toMatchObject({
      brand: "Acuvue Oasys",
      right: { base_curve: 8.4, diameter: 14, power: -2.5 },
      left: { base_curve: 8.4, diameter: 14, power: -2.25 },
    });
  });
});
