import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const DEMO = { email: "admin@loupe.test", password: "LoupeDemo1" };

export async function signIn(page: Page, email = DEMO.email, password = DEMO.password) {
  try {
    await page.goto("/login");
  } catch (err) {
    // Right after /logout the app is still redirecting to /login, which aborts this navigation:
    // let that one land instead.
    if (!String(err).includes("ERR_ABORTED")) throw err;
    await page.waitForURL(/\/login/);
  }
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("location-selector")).toBeVisible();
}

/**
 * Lets Mantine's transitions (menus, modals, the alert) finish: they are CSS transitions, so
 * they show up in document.getAnimations(). Endless ones (loaders) are left out.
 */
export async function settle(page: Page) {
  // A transition starts a frame after the state change that triggers it.
  await page.waitForTimeout(100);
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/**
 * Runs axe-core (WCAG 2.x A/AA and best-practice rules) on what is on screen, open modals included,
 * and fails on any critical or serious violation, naming the rule and the elements.
 */
export async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === "critical" || v.impact === "serious");
  const report = blocking.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `    ${n.target.join(" ")} ${n.html.slice(0, 160)} ${n.failureSummary?.split("\n").slice(1, 2).join("") ?? ""}`,
        )
        .join("\n"),
  );
  // AXE_COLLECT=<file>: write the findings down and go on, to see every screen's in one run.
  if (process.env.AXE_COLLECT) {
    if (report.length) fs.appendFileSync(process.env.AXE_COLLECT, `## ${name}\n${report.join("\n")}\n`);
    return;
  }
  expect(report, `axe on "${name}"`).toEqual([]);
}

/** Waits for transitions to settle, saves e2e/screenshots/<name>.png, then checks it with axe. */
export async function screenshot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({
    path: path.join(import.meta.dirname, "..", "screenshots", `${name}.png`),
    fullPage: true,
  });
  await expectAccessible(page, name);
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The mails the e2e SMTP server received, oldest first. */
export function receivedMails(): Mail[] {
  const dir = process.env.E2E_MAIL_DIR!;
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Mail);
}
