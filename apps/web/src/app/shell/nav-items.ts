import { appConfig, brandSlug } from "../../lib/config";

/** Path of the brand's mobile-ordering jobs list, e.g. `/jobs-loupego` (DESIGN.md "brand placeholder"). */
export const GO_JOBS_PATH = `/jobs-${brandSlug}go`;
export const GO_JOBS_TITLE = `${appConfig.brand}GO Jobs`;

/** The tab bar, in the spec's order. */
export const NAV_TABS: { path: string; label: string; adminOnly?: boolean }[] = [
  { path: "/customers", label: "Customers" },
  { path: "/customers-meili", label: "Customers MEILI" },
  { path: "/jobs", label: "Jobs" },
  // Sales from the point of sale and the web shop, and those waiting for a person (issue 45).
  { path: "/intake", label: "Intake" },
  // The outlet's day on one screen (issue 27).
  { path: "/today", label: "Today" },
  // Due, overdue and upcoming recalls, their letters, calls and return rate (issue 28).
  { path: "/recalls", label: "Recalls" },
  { path: "/jobs-search", label: "Beta Jobs" },
  { path: "/jobs-meili", label: "Jobs MEILI" },
  { path: GO_JOBS_PATH, label: GO_JOBS_TITLE },
  { path: "/promos", label: "Promos & Campaigns" },
  { path: "/newsletter-users", label: "Newsletter Subscribers" },
  // The outbox shows every message sent to every customer: administrators only.
  { path: "/outbox", label: "Outbox", adminOnly: true },
  // Who read which health record: the privacy officer's report (ADR 0013).
  { path: "/access-log", label: "Access Log", adminOnly: true },
  // Staff management: administrators only (ADR 0022).
  { path: "/staffs", label: "Staffs", adminOnly: true },
  { path: "/settings", label: "Settings" },
];

/** Breadcrumb titles: every tab, plus screens reached without a tab. */
export const PAGE_TITLES: Record<string, string> = {
  ...Object.fromEntries(NAV_TABS.map((t) => [t.path, t.label])),
  // Managers' end of day (ADR 0033): reached by its address, no tab of the spec's bar.
  "/till-summary": "Till summary",
  // Failed ready-to-collect messages of the staff member's outlet (issue 27), linked from the job.
  "/call-list": "Call these customers",
  // Duplicate customers and merging (issue 46), reached from the Customers page.
  "/customers/duplicates": "Possible duplicates",
  "/customers/merges": "Merge history",
  // Administrators' imports (issue 46): linked from Settings, the tab strip has no room.
  "/imports": "Imports",
  "/imports/new": "New import",
};
