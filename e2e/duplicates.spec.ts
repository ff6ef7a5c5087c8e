import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO, screenshot, signIn } from "./support/helpers";

/** The AU region's demo manager (the customers are made at the admin's AU outlet). */
const MANAGER = { email: "mia@loupe.test", password: DEMO.password };

/**
 * Issue 46, duplicate customers: the same person was entered twice, spelled differently, with the
 * same date of birth and the same mobile written two ways. The duplicate finder pairs them; the
 * region's manager compares the two, picks which values the kept record ends with and merges. The
 * kept customer now has the losing one's prescription, the losing one's address lands on the kept
 * one (with a notice), and an administrator undoes the merge from the merge history.
 */

let token = "";
async function api<T = any>(request: APIRequestContext, method: string, url: string, data?: unknown) {
  if (!token) token = (await (await request.post("/api/user/login", { data: DEMO })).json()).data.token;
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data: data as never,
  });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}
const first = async (request: APIRequestContext, url: string) =>
  (await api(request, "GET", url)).data[0].id as number;
const prescriptionIds = async (request: APIRequestContext, customerId: number) =>
  (
    (await api(request, "GET", `/api/staff/customers/${customerId}/prescriptions`)).data as { id: number }[]
  ).map((p) => p.id);

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

test("two records of one person: found, compared, merged, the old address follows, and undone", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  // 0412 is a mobile range in every numbering plan the rule reads (a time-made 04xx may be unassigned
  // and then is no mobile at all for the matching rule).
  const digits = `12${String(Date.now()).slice(-6)}`;
  const lastName = `Whitlock${stamp}`;
  // The same mobile, as the counter typed it and as the web shop stored it.
  const localMobile = `04${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`;
  const e164Mobile = `+614${digits}`;
  const older = (
    await api(request, "POST", "/api/user", {
      first_name: "Kathryn",
      last_name: lastName,
      mobile: localMobile,
      dob: "1984-07-19",
    })
  ).data as { id: number };
  const newer = (
    await api(request, "POST", "/api/user", {
      first_name: "Katherine",
      last_name: lastName,
      email: `kathy.${stamp}@example.com`,
      mobile: e164Mobile,
      dob: "1984-07-19",
    })
  ).data as { id: number };
  const rx = (
    await api(request, "POST", `/api/v4/users/${newer.id}/prescriptions`, {
      type_id: 1,
      source_id: await first(request, "/api/prescription-source"),
      right_sph: -1.5,
      left_sph: -1.75,
    })
  ).data as { id: number };

  // 1. The finder, run from the list, pairs the two (it runs in the background: the list fills in).
  await signIn(page, MANAGER.email, MANAGER.password);
  await page.goto("/customers");
  await page.getByRole("link", { name: "Possible duplicates" }).click();
  await expect(page).toHaveURL(/\/customers\/duplicates$/);
  await page.getByRole("button", { name: "Find duplicates now" }).click();
  const pair = page.getByTestId("duplicate-pair").filter({ hasText: lastName });
  await expect(async () => {
    await page.reload();
    await expect(pair).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(pair.getByTestId("pair-evidence").filter({ hasText: "Same mobile" })).toBeVisible();
  await screenshot(page, "duplicates-1-list");

  // 2. Compare: the older record is kept; the newer one's first name and email are picked.
  await pair.getByRole("link", { name: /^Compare and merge:/ }).click();
  await expect(page).toHaveURL(/\/customers\/merge\/\d+\/\d+\?pair=\d+$/);
  const keepSide = page.getByTestId("merge-side-keep");
  await expect(keepSide).toBeVisible();
  if (!(await keepSide.textContent())?.includes(`#${older.id}`))
    await page.getByRole("button", { name: "Swap which record is kept" }).click();
  await expect(keepSide).toContainText(`Kathryn ${lastName} (#${older.id})`);
  await expect(page.getByTestId("merge-side-lose")).toContainText(`#${newer.id}`);
  await expect(page.getByTestId("merge-holds")).toContainText("1");
  // The email only the newer record has is pre-picked; the first name is picked by keyboard.
  await expect(
    page.getByTestId("merge-field-email").getByRole("radio", { name: `kathy.${stamp}@example.com` }),
  ).toBeChecked();
  const katherine = page.getByTestId("merge-field-first_name").getByRole("radio", { name: "Katherine" });
  await page.getByTestId("merge-field-first_name").getByRole("radio", { name: "Kathryn" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(katherine).toBeChecked();
  await screenshot(page, "duplicates-2-merge");

  // At a phone's width the two records and the pickers stack: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, page.getByTestId("merge-page"));
  await screenshot(page, "duplicates-3-merge-phone");
  await page.setViewportSize({ width: 1440, height: 900 });

  // 3. Merge, after the confirm: the kept customer opens, with the newer one's prescription.
  await page.getByRole("button", { name: "Merge", exact: true }).click();
  await page.getByRole("button", { name: "Yes, merge" }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/${older.id}$`));
  await expect(page.getByTestId("banner-alert")).toContainText("merged");
  expect(await prescriptionIds(request, older.id)).toContain(rx.id);
  const kept = (await api(request, "GET", `/api/staff/customers/${older.id}`)).data;
  expect(kept.first_name).toBe("Katherine");
  expect(kept.email).toBe(`kathy.${stamp}@example.com`);
  const detail = page.getByTestId(`customer-detail-${older.id}`);
  await detail.getByRole("tab", { name: "History", exact: true }).click();
  await expect(detail.getByTestId("customer-event").filter({ hasText: "Merged in" })).toBeVisible();
  await screenshot(page, "duplicates-4-history");

  // 4. The merged-away customer's address lands on the kept one, saying so.
  await page.goto(`/customers/${newer.id}`);
  await expect(page).toHaveURL(new RegExp(`/customers/${older.id}$`));
  await expect(page.getByTestId("merged-notice")).toContainText(`(#${older.id})`);
  await screenshot(page, "duplicates-5-merged-address");

  // 5. Undoing is an administrator's: the manager sees the merge without Undo. An administrator
  // undoes it: the newer record and its prescription come back.
  await page.goto("/customers/merges");
  const row = page.getByTestId("merge-row").filter({ hasText: `(#${newer.id})` });
  await expect(row).toBeVisible();
  await expect(row.getByRole("button", { name: /^Undo:/ })).toHaveCount(0);
  await page.goto("/logout");
  await signIn(page);
  await page.goto("/customers/merges");
  await row.getByRole("button", { name: /^Undo:/ }).click();
  await page.getByRole("button", { name: "Yes, undo" }).click();
  await expect(page.getByTestId("banner-alert")).toContainText("undone");
  await expect(row.getByTestId("merge-undone")).toBeVisible();
  await screenshot(page, "duplicates-6-undone");
  expect(await prescriptionIds(request, newer.id)).toContain(rx.id);
  await page.goto(`/customers/${newer.id}`);
  await expect(page.getByTestId(`customer-detail-${newer.id}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/customers/${newer.id}$`));
  await expect(page.getByTestId("merged-notice")).toHaveCount(0);
});
