import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { DEMO } from "./helpers";

/**
 * Demo jobs for the journeys, through the API as the administrator: a job of the right kind no
 * other journey of this run has taken, and prescriptions, PDs and scans for its customer.
 */

export interface Item {
  id: number;
  region_product_id: number;
  quantity: number;
  region_product: {
    lenses_type: string | null;
    parent_type: { key: string };
    requires_prescription: boolean;
  };
  additional_info: unknown;
}
export interface Job {
  id: number;
  vend_invoice_number: string;
  customer_id: number | null;
  dispense_status: { slug: string };
  items: Item[];
}

let token = "";
const used = new Set<number>();

export async function api<T = any>(
  request: APIRequestContext,
  method: string,
  url: string,
  data?: unknown,
): Promise<T> {
  const send = () =>
    request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data: data as never });
  let res = await send();
  // The journeys sign the demo user in again and again; past 20 live sessions the oldest, this
  // one, ends (ADR 0026). A client whose session ended signs in again, as the web app does.
  if (res.status() === 401) {
    token = "";
    await login(request);
    res = await send();
  }
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json() as Promise<T>;
}

export async function login(request: APIRequestContext) {
  if (token) return;
  const res = await request.post("/api/user/login", { data: DEMO });
  token = (await res.json()).data.token;
}

export const live = (j: Job) => j.items.filter((i) => i.quantity !== -1);
export const glass = (j: Job) =>
  live(j).filter((i) => ["glasses", "lenses-only"].includes(i.region_product.parent_type.key));

/** A demo job (not yet used by another journey) whose detail matches. */
export async function findJob(
  request: APIRequestContext,
  guest: boolean,
  match: (j: Job) => Item | undefined,
) {
  await login(request);
  for (let page = 1; page <= 30; page++) {
    const list = await api<{ data: Job[] }>(request, "GET", `/api/staff/orders?per_page=100&page=${page}`);
    for (const o of list.data) {
      if (used.has(o.id) || (o.customer_id == null) !== guest) continue;
      const detail = (await api<{ data: Job }>(request, "GET", `/api/staff/orders/${o.id}`)).data;
      if (["cancelled", "refunded", "voided"].includes(detail.dispense_status.slug)) continue;
      const item = match(detail);
      if (item && !item.additional_info) {
        used.add(o.id);
        return { job: detail, item };
      }
    }
  }
  throw new Error("no matching demo job");
}

const sourceId = async (request: APIRequestContext, path: string) =>
  (await api<{ data: { id: number }[] }>(request, "GET", path)).data[0].id;

export async function giveRx(request: APIRequestContext, customerId: number, body: Record<string, unknown>) {
  const source_id = await sourceId(request, "/api/prescription-source");
  return (
    await api(request, "POST", `/api/v4/users/${customerId}/prescriptions`, {
      type_id: 1,
      source_id,
      ...body,
    })
  ).data;
}
export async function givePd(request: APIRequestContext, customerId: number, body: Record<string, unknown>) {
  const source_id = await sourceId(request, "/api/pd-source");
  return (
    await api(request, "POST", "/api/customer-pd", { customer_user_id: customerId, source_id, ...body })
  ).data;
}

/** A one-pixel PNG uploaded to the customer's files: the scan a prescription is attached to. */
export async function uploadScan(
  request: APIRequestContext,
  customerId: number,
  name: string,
): Promise<number> {
  await api(request, "GET", "/api/me"); // signs in again if this worker's session has ended
  const res = await request.post(`/api/customer/${customerId}/files`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      "files[0]": {
        name,
        mimeType: "image/png",
        buffer: Buffer.from(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
          "base64",
        ),
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data[0].id;
}

/** The jobs list searched for this job, its row expanded. */
export async function openJob(page: Page, job: Job) {
  await page.goto(`/jobs?q=${encodeURIComponent(job.vend_invoice_number)}`);
  await page.getByRole("table", { name: "Jobs" }).getByRole("button", { name: "Expand" }).first().click();
}
