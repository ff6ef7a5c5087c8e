import { type APIRequestContext, expect, test } from "@playwright/test";
import { DEMO, screenshot, signIn } from "./support/helpers";

/** ADR 0007: a save from a stale form is refused, says who changed the record, and Reload catches up. */

async function tokenFor(request: APIRequestContext, email: string) {
  const res = await request.post("/api/user/login", { data: { email, password: DEMO.password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data.token as string;
}

test.describe("no lost edits", () => {
  test("a customer changed by someone else after the form opened: who and when, then Reload", async ({
    page,
  }) => {
    const admin = await tokenFor(page.request, DEMO.email);
    const sam = await tokenFor(page.request, "sam@loupe.test");
    const lastName = `Versionsen${Date.now() % 100000}`;
    const created = await page.request.post("/api/user", {
      headers: { authorization: `Bearer ${admin}` },
      data: { first_name: "Vera", last_name: lastName },
    });
    const customer = (await created.json()).data as { id: number; version: number };
    expect(customer.version).toBe(1);

    await signIn(page);
    await page.getByLabel("Search customers").fill(lastName);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.locator("tbody tr").first()).toContainText(`Vera ${lastName}`);
    await page.getByRole("button", { name: "Expand" }).first().click();
    await page.getByRole("button", { name: "Edit", exact: true }).first().click();
    const modal = page.getByRole("dialog");
    await modal.getByLabel("Occupation").fill("Typed by Avery");

    // Sam saves the same customer while Avery's form is open.
    const samSave = await page.request.put(`/api/staff/customers/${customer.id}`, {
      headers: { authorization: `Bearer ${sam}` },
      data: { first_name: "Veronica", version: customer.version },
    });
    expect(samSave.status()).toBe(200);

    await modal.getByRole("button", { name: "Save" }).click();
    const notice = modal.getByTestId("version-conflict");
    await expect(notice).toContainText(
      /This customer was changed by Sam Nguyen at \d{1,2}(st|nd|rd|th) [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}[ap]m\. Reload to see their changes\./,
    );
    // Nothing typed is lost until the user chooses to reload.
    await expect(modal.getByLabel("Occupation")).toHaveValue("Typed by Avery");
    await screenshot(page, "version-conflict");

    await notice.getByRole("button", { name: "Reload" }).click();
    await expect(modal.getByTestId("version-conflict")).toHaveCount(0);
    await expect(modal.getByLabel("First Name")).toHaveValue("Veronica");
    await expect(modal.getByLabel("Occupation")).toHaveValue("");

    await modal.getByLabel("Occupation").fill("Typed again by Avery");
    await modal.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("Customer has been successfully updated!");
    const after = await page.request.get(`/api/staff/customers/${customer.id}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect((await after.json()).data).toMatchObject({
      first_name: "Veronica",
      occupation: "Typed again by Avery",
      version: 3,
    });
  });
});
