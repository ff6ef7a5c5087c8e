import { formatCalendarDay, formatMoney, stageWords } from "@loupe/domain";
import type { statusPageFacts } from "./ready-messages.queries";

type Facts = NonNullable<Awaited<ReturnType<typeof statusPageFacts>>>;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

const STYLE = `body{font-family:system-ui,sans-serif;margin:8vh auto;max-width:32rem;padding:0 1rem;color:#222;line-height:1.45}
h1{font-size:1.6rem;margin:.2rem 0 1rem}.ref{color:#666;font-size:.9rem}.box{border:1px solid #ddd;border-radius:8px;padding:.8rem 1rem;margin:1rem 0}
dt{font-weight:600;margin-top:.5rem}dd{margin:0}`;

/** What the customer sees for a wrong, expired or revoked link: no sign-in, no staff app. */
export const STATUS_LINK_INVALID_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>This link is not valid</title><style>${STYLE}</style></head><body><h1>This link is not valid</h1>
<p>It may have expired. Please call the store and we will tell you where your order is.</p></body></html>`;

/**
 * The customer's status page (issue 27 §4): the stage in plain words, the promised date when there
 * is one, the balance still to pay when there is one (issue 44: the amount alone, so the customer
 * brings it), and where to collect (address, phone, opening hours when the outlet has them).
 * Nothing else of the job: no prescription, no items or prices, no name beyond the order number.
 */
export function statusPageHtml(f: Facts, readyChoice: readonly string[], brand: string): string {
  const o = f.outlet;
  const stage = stageWords(f.statusSlug, o.name, readyChoice);
  const address = [
    o.address1,
    o.address2,
    [o.suburb ?? o.city, o.state, o.postcode].filter(Boolean).join(" "),
  ]
    .filter((l) => l?.trim())
    .map((l) => escapeHtml(l as string));
  const due = f.dueDate ? formatCalendarDay(String(f.dueDate)) : "";
  const balance = f.balanceDueMinor > 0 ? formatMoney(f.balanceDueMinor / 100, f.currency) : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(stage)} · ${escapeHtml(brand)}</title><style>${STYLE}</style></head><body>
<p class="ref">${escapeHtml(brand)} · Order ${escapeHtml(f.invoice)}</p>
<h1 data-testid="stage">${escapeHtml(stage)}</h1>
${due ? `<p data-testid="promised">Promised for <strong>${escapeHtml(due)}</strong></p>` : ""}
${balance ? `<p data-testid="balance">Balance to pay when you collect: <strong>${escapeHtml(balance)}</strong></p>` : ""}
<div class="box"><dl>
<dt>${escapeHtml(o.name)}</dt><dd data-testid="address">${address.join("<br>") || "Ask us for directions"}</dd>
${o.phone ? `<dt>Phone</dt><dd><a href="tel:${escapeHtml(o.phone.replace(/\s/g, ""))}">${escapeHtml(o.phone)}</a></dd>` : ""}
${f.openingHours ? `<dt>Opening hours</dt><dd data-testid="hours">${escapeHtml(f.openingHours)}</dd>` : ""}
</dl></div>
<p class="ref">Questions? Call us and quote order ${escapeHtml(f.invoice)}.</p>
</body></html>`;
}
