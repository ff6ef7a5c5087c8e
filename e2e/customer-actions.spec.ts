import { expect, test } from "@playwright/test";
import { receivedMails, screenshot, signIn } from "./support/helpers";

/** Opens a fresh customer's expanded row (created through the screen, so each test has its own). */
async function openNewCustomer(page: import("@playwright/test").Page, first: string, email: string) {
  await page.getByRole("button", { name: "New Customer" }).click();
  const modal = page.getByRole("dialog");
  await modal.getByLabel("First Name").fill(first);
  await modal.getByRole("textbox", { name: "Email" }).fill(email);
  await modal.getByLabel("Mobile").fill("0412 555 000");
  await modal.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("banner-alert")).toContainText("New customer has been successfully created!");
  await page.getByLabel("Search customers").fill(first);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.locator("tbody tr").first()).toContainText(first);
  await page.getByRole("button", { name: "Expand" }).first().click();
}

test.describe("customer actions", () => {
  test("add a note, then an AU address with a bad postcode and then a good one", async ({ page }) => {
    await signIn(page);
    await openNewCustomer(page, "Noteworthy", "noteworthy@example.com");

    await page.getByRole("button", { name: /^Notes/ }).click();
    const notes = page.getByRole("dialog");
    await expect(notes.getByText("No comments to speak of")).toBeVisible();
    await expect(notes.getByRole("button", { name: "Submit" })).toBeDisabled();
    await notes.getByLabel("New comment").fill("Prefers tortoise frames");
    await notes.getByLabel("New comment").press("Control+Enter");
    await expect(page.getByTestId("banner-alert")).toContainText("New comment successfully created!");
    await expect(notes.getByTestId("comment")).toHaveCount(1);
    await screenshot(page, "comments-modal");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "Add Address" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Add Address" }).click();
    const form = page.getByRole("dialog");
    await form.getByLabel("First Name").fill("Noteworthy");
    await form.getByLabel("Last Name").fill("Person");
    await form.getByLabel("E-mail address").fill("noteworthy@example.com");
    await form.getByLabel("Street Address").fill("12 King Street");
    await form.getByLabel("City").fill("Sydney");
    await form.getByLabel("State").fill("NSW");
    await form.getByLabel("Postcode").fill("999");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(
      form.getByText("The Postcode field has to be 4 digits, between 0200 and 9999"),
    ).toBeVisible();
    await screenshot(page, "address-bad-postcode");
    await form.getByLabel("Postcode").fill("2042");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText(
      "New address has been successfully created!",
    );
    await expect(page.getByRole("dialog").getByText("12 King Street")).toBeVisible();
    await screenshot(page, "choose-address");
  });

  test("send an e-mail from a template with a placeholder fallback", async ({ page }) => {
    await signIn(page);
    await openNewCustomer(page, "Templated", "templated@example.com");
    await page.getByRole("button", { name: "Send a Message" }).click();
    const modal = page.getByRole("dialog");
    await expect(modal.getByText("TO Templated")).toBeVisible();
    await modal.getByRole("combobox", { name: "Template" }).click();
    await page.getByRole("option", { name: "Glasses ready (e-mail) (EMAIL)" }).click();
    await expect(modal.getByLabel("Subject")).toHaveValue("Your glasses are ready, Templated");
    await expect(modal.getByLabel("Message")).toHaveValue(/Kind regards,\nAvery/);
    await modal.getByLabel("Message").fill("Hi {{customer.nickname}}");
    await modal.getByRole("button", { name: "Send Email" }).click();
    await expect(modal.getByText("Message has unresolved variable(s).")).toBeVisible();
    await modal.getByLabel("Message").fill("Hi Templated, your glasses are ready to collect.");
    await screenshot(page, "message-modal");
    await modal.getByRole("button", { name: "Send Email" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("Message sent successfully");
    await expect.poll(() => receivedMails().filter((m) => m.to === "templated@example.com").length).toBe(1);
    expect(receivedMails().find((m) => m.to === "templated@example.com")!.subject).toBe(
      "Your glasses are ready, Templated",
    );
  });
});

test.describe("card payments", () => {
  test("a sandbox payment is declined, then taken with the success card", async ({ page }) => {
    await signIn(page);
    await openNewCustomer(page, "Payingcustomer", "paying@example.com");
    await page.getByRole("button", { name: "Create Payment" }).click();
    const modal = page.getByRole("dialog");
    await expect(modal.getByText("For Payingcustomer")).toBeVisible();
    await expect(modal.getByRole("combobox", { name: "Currency" })).toHaveValue("AUD");
    await modal.getByRole("button", { name: "Pay Now" }).click();
    await expect(modal.getByText("The amount field is required.")).toBeVisible();
    await modal.getByLabel("Amount").fill("89.95");
    await modal.getByLabel("Reference").fill("Deposit for frames");
    await modal.getByLabel("Card number").fill("4000 0000 0000 0002");
    await modal.getByRole("button", { name: "Pay Now" }).click();
    await expect(modal.getByText("Your card was declined.")).toBeVisible();
    await screenshot(page, "payment-declined");
    await modal.getByLabel("Card number").fill("4242 4242 4242 4242");
    await modal.getByRole("button", { name: "Pay Now" }).click();
    await expect(page.getByTestId("banner-alert")).toContainText("Payment successful!");
    await page.getByRole("button", { name: /^Notes/ }).click();
    await expect(page.getByRole("dialog").getByTestId("comment").first()).toContainText("AUD 89.95");
    await screenshot(page, "payment-note");
  });
});

test.describe("referrals and marketing", () => {
  test("invite a friend, then see the friend is already invited", async ({ page }) => {
    await signIn(page);
    await openNewCustomer(page, "Inviteperson", "inviter@example.com");
    await page.getByRole("button", { name: "Invite a friend" }).click();
    const modal = page.getByRole("dialog");
    await expect(modal.getByText("Invites left: 5")).toBeVisible();
    await modal.getByRole("button", { name: "Search" }).click();
    await expect(modal.getByText("Search is null")).toBeVisible();
    await modal.getByLabel("Search customers to invite").fill("martin");
    await modal.getByRole("button", { name: "Search" }).click();
    await modal.getByRole("button", { name: "Invite" }).first().click();
    await expect(page.getByTestId("banner-alert")).toContainText("The user is invited successfully.");
    await expect(modal.getByText("Invites left: 4")).toBeVisible();
    await screenshot(page, "referral-modal");
    await modal.getByRole("button", { name: "Invite" }).first().click();
    await expect(page.getByTestId("banner-alert")).toContainText("This customer is already invited");
  });

  test("filter newsletter subscribers and open the promos", async ({ page }) => {
    await signIn(page);
    await page.goto("/newsletter-users");
    await expect(page.getByTestId("pagination-info")).toContainText("of 75 entries");
    await page.getByLabel("Filter by e-mail").fill("subscriber7");
    await page.getByLabel("Filter by e-mail").press("Enter");
    await expect(page.locator("tbody tr").first()).toContainText("subscriber7");
    await screenshot(page, "newsletter-filtered");
    await page.getByLabel("Filter by e-mail").fill("nobody-at-all");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No data available.")).toBeVisible();
    await page.getByRole("button", { name: "Clear" }).click();
    await page.getByRole("button", { name: "Update" }).first().click();
    await page.getByRole("dialog").getByLabel("None").check();
    await expect(page.getByRole("dialog").getByLabel("Sms")).not.toBeChecked();
    await page.getByRole("dialog").getByRole("button", { name: "Update" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();

    await page.goto("/promos");
    await expect(page.locator("tbody tr").first()).toContainText("SUMMER25");
    await expect(page.getByRole("link", { name: "Terms" }).first()).toHaveAttribute("target", "_blank");
    await screenshot(page, "promos");
  });
});
