import { expect, test } from "@playwright/test";
import { DEMO, receivedMails, screenshot, signIn } from "./support/helpers";

test.describe("foundation", () => {
  test("a wrong password shows Unauthorized; the right one lands on customers", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("The email field is required.")).toBeVisible();
    await screenshot(page, "login-validation");

    await page.getByLabel("E-mail").fill(DEMO.email);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("login-error")).toHaveText("Unauthorized");
    await screenshot(page, "login-unauthorized");

    await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Home")).toBeVisible();
    await screenshot(page, "shell-customers");
  });

  test("changing outlet saves it and shows the alert with its countdown", async ({ page }) => {
    await signIn(page);
    const outlet = page.getByTestId("location-selector").getByRole("combobox", { name: "Outlet" });
    await expect(outlet).toHaveValue("NTN - Newtown");
    await outlet.click();
    await expect(page.getByRole("option", { name: /Brunswick/ })).toHaveCount(0);
    await page.getByRole("option", { name: "FIT - Fitzroy" }).click();
    const alert = page.getByTestId("banner-alert");
    await expect(alert).toContainText("Outlet changed");
    await expect(page.getByTestId("alert-countdown")).toHaveText(/^[1-5]s$/);
    await screenshot(page, "outlet-changed");
    await expect(alert).toBeHidden({ timeout: 8_000 });

    await page.reload();
    await expect(page.getByTestId("location-selector").getByRole("combobox", { name: "Outlet" })).toHaveValue(
      "FIT - Fitzroy",
    );

    await page.getByTestId("location-selector").getByRole("combobox", { name: "Region" }).click();
    await page.getByRole("option", { name: "NZ" }).click();
    await page.getByTestId("location-selector").getByRole("combobox", { name: "Outlet" }).click();
    await expect(page.getByRole("option", { name: "PON - Ponsonby" })).toBeVisible();
    await expect(page.getByRole("option", { name: /Queenstown/ })).toHaveCount(0);
  });

  test("clear cache empties the stored lists and reloads them", async ({ page }) => {
    await signIn(page);
    await page.goto("/settings");
    const cached = () =>
      page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("loupe.cache.")).length);
    await expect.poll(cached).toBeGreaterThan(3);
    await page.evaluate(() =>
      localStorage.setItem("loupe.cache.regions", JSON.stringify({ at: Date.now(), value: [] })),
    );
    await screenshot(page, "settings");
    await page.getByRole("button", { name: "Clear Cache" }).click();
    await page.waitForLoadState("load");
    await expect(page.getByRole("button", { name: "Clear Cache" })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(
          () => JSON.parse(localStorage.getItem("loupe.cache.regions") ?? "{}").value?.length ?? 0,
        ),
      )
      .toBe(4);
  });

  test("signing out revokes the session", async ({ page }) => {
    await signIn(page);
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem("loupe.session")!).token as string,
    );
    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const res = await page.request.get("/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(401);
    await page.goto("/jobs");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a session the server no longer knows goes through logout to the login page", async ({ page }) => {
    await signIn(page);
    await page.evaluate(() => {
      const session = JSON.parse(localStorage.getItem("loupe.session")!);
      localStorage.setItem("loupe.session", JSON.stringify({ ...session, token: "revoked-token" }));
    });
    // The shell asks GET /me on entry; the server answers 401 "Unauthenticated.". The page moves on
    // to /logout by itself, possibly before its own load event: wait for the address, not the load.
    // The app's own move to /logout can even abort this navigation (ERR_ABORTED) before it commits.
    await page.goto("/outbox", { waitUntil: "commit" }).catch((err: Error) => {
      if (!/ERR_ABORTED/.test(err.message)) throw err;
    });
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("loupe.session"))).toBeNull();
  });

  test("forgot password e-mails a link that sets a new password", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password" }).click();
    await page.getByLabel("E-mail").fill("casey@loupe.test");
    await screenshot(page, "forgot-password");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("banner-alert")).toContainText("password reset link");

    await expect.poll(() => receivedMails().filter((m) => m.to === "casey@loupe.test").length).toBe(1);
    const mail = receivedMails().find((m) => m.to === "casey@loupe.test")!;
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\/\S+/)![0];
    await page.goto(link);
    await expect(page.getByLabel("E-mail")).toHaveValue("casey@loupe.test");
    await page.getByLabel("Password", { exact: true }).fill("weak");
    await page.getByLabel("Confirm password").fill("weak2");
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page.getByText(/minimum eight characters/)).toBeVisible();
    await expect(page.getByText("Confirm password didn't match the password above")).toBeVisible();
    await page.getByRole("button", { name: "Show or hide password" }).first().click();
    await screenshot(page, "new-password-validation");

    await page.getByLabel("Password", { exact: true }).fill("Brand5NewPass");
    await page.getByLabel("Confirm password").fill("Brand5NewPass");
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("banner-alert")).toContainText("password has been reset");

    await signIn(page, "casey@loupe.test", "Brand5NewPass");
    // A user with no outlet gets Newtown.
    await expect(page.getByTestId("location-selector").getByRole("combobox", { name: "Outlet" })).toHaveValue(
      "NTN - Newtown",
    );
  });

  test("every tab opens its screen with a breadcrumb from Home", async ({ page }) => {
    await signIn(page);
    const tabs = [
      ["Customers MEILI", "/customers-meili"],
      ["Jobs", "/jobs"],
      ["Beta Jobs", "/jobs-search"],
      ["Jobs MEILI", "/jobs-meili"],
      ["LoupeGO Jobs", "/jobs-loupego"],
      ["Promos & Campaigns", "/promos"],
      ["Newsletter Subscribers", "/newsletter-users"],
      ["Outbox", "/outbox"],
      ["Settings", "/settings"],
    ] as const;
    const crumb = page.getByRole("navigation", { name: "Breadcrumb" });
    for (const [label, path] of tabs) {
      await page.getByRole("tab", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(crumb.getByText(label, { exact: true })).toBeVisible();
    }
    await page.goto("/staffs");
    await expect(page.getByRole("heading", { name: "Staffs" })).toBeVisible();
    await crumb.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/customers$/);

    await page.getByRole("button", { name: "Profile menu" }).click();
    for (const item of ["My profile", "Onboarding", "News", "Switch users", "Help"])
      await expect(page.getByRole("menuitem", { name: item })).toBeDisabled();
    await screenshot(page, "profile-menu");
  });

  test("the outbox is the administrator's, and shows a reset e-mail without its link", async ({ page }) => {
    // A staff member who is not an administrator asks for the administrator's reset…
    await signIn(page, "sam@loupe.test");
    const res = await page.request.post("/api/auth/password/reset", { data: { email: DEMO.email } });
    expect(res.ok()).toBe(true);
    // …and has no Outbox to read it in.
    await expect(page.getByRole("tab", { name: "Customers", exact: true })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Outbox" })).toHaveCount(0);

    await expect.poll(() => receivedMails().filter((m) => m.to === DEMO.email).length).toBeGreaterThan(0);
    const mail = receivedMails().findLast((m) => m.to === DEMO.email)!;
    const token = mail.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)![1];

    await page.getByRole("button", { name: "Profile menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page);
    await page.getByRole("tab", { name: "Outbox" }).click();
    const table = page.getByRole("table", { name: "Outbox" });
    const first = table.locator("tbody tr").first();
    await expect(first).toContainText(DEMO.email);
    await first.getByRole("button", { name: "Show message" }).click();
    await expect(table.locator("pre")).toContainText("/reset-password/[redacted]");
    await expect(table.locator("pre")).not.toContainText(token);
    await screenshot(page, "outbox");
  });
});
