import {
  csvLine,
  currencyForCountry,
  customerLabel,
  formatCalendarDay,
  formatMoney,
  jobCustomerName,
  keptText,
  OPT_IN_LABELS,
  type OptIn,
  orderDisplayStatus,
  PRIORITY,
  RECALL_CHANNEL_LABELS,
  RECALL_OUTCOME_LABELS,
  whenFormatter,
} from "@loupe/domain";
import type { CustomerExportRow } from "../customers";
import type { JobExportRow } from "../jobs";
import type { SubscriberExportRow } from "../newsletter";
import type { OutboxExportRow } from "../outbox";
import type { RecallExportRow } from "../recalls";
import type { ReferenceData } from "../reference";

/*
 * Each list's CSV columns: what its screen shows, in the screen's words, plus the obvious
 * identifiers (ids, e-mail and mobile for customers, the outlet for jobs). Dates in the outlet's
 * zone in the app's styles (ADR 0035), money in the region's currency the en-AU way.
 */

/** Writes one list's rows as CSV records: the header first, then a batch at a time. */
export interface CsvColumns<Row> {
  header: string;
  batch: (rows: Row[]) => string;
}

/** A batch's records as one flat string (a join, not `+=`: no rope of a thousand pieces to flatten later). */
const records = <Row>(rows: Row[], cells: (r: Row) => unknown[]) =>
  rows.map((r) => csvLine(cells(r))).join("");

/** Customers: the list's Customer, Region(s), Created (the staff member's outlet's day) and Notes. */
export function customerColumns(reference: ReferenceData, staffZone: string): CsvColumns<CustomerExportRow> {
  const country = new Map(reference.regions.map((r) => [r.id, r.countryCode]));
  const day = whenFormatter(staffZone, "day");
  return {
    header: csvLine(["ID", "Customer", "Email", "Mobile", "Region(s)", "Created", "Notes"]),
    batch: (rows) =>
      records(rows, (c) => [
        c.id,
        customerLabel(c),
        c.email,
        keptText(c.mobile),
        c.region_id == null ? "" : (country.get(c.region_id) ?? ""),
        day(c.created_at as Date),
        c.notes_count,
      ]),
  };
}

/** Jobs: the list's Customer, Priority, Invoice Number, Total, Status, Created (the job's outlet's clock), Notes. */
export function jobColumns(reference: ReferenceData): CsvColumns<JobExportRow> {
  const status = new Map(reference.statuses.filter((s) => s.kind === "dispense").map((s) => [s.id, s]));
  const bySlug = new Map([...status.values()].map((s) => [s.slug, s.displayName]));
  const country = new Map(reference.regions.map((r) => [r.id, r.countryCode]));
  const outlets = new Map(
    reference.outlets.map((o) => [
      o.id,
      {
        abbreviation: o.abbreviation,
        currency: currencyForCountry(country.get(o.regionId)),
        when: whenFormatter(o.timeZone, "time"),
      },
    ]),
  );
  return {
    header: csvLine([
      "Job ID",
      "Invoice Number",
      "Customer",
      "Priority",
      "Total",
      "Currency",
      "Status",
      "Outlet",
      "Created",
      "Notes",
    ]),
    batch: (rows) =>
      records(rows, (o) => {
        const outlet = outlets.get(o.origin_outlet_id);
        const s = status.get(o.dispense_status_id);
        const quantities = (o.quantities ?? []).map((quantity) => ({ quantity: Number(quantity) }));
        const shown = s ? orderDisplayStatus(s.slug, quantities) : "";
        const currency = outlet?.currency ?? currencyForCountry(null);
        return [
          o.id,
          o.vend_invoice_number,
          jobCustomerName({
            customer_id: o.customer_id,
            customer:
              o.customer_first_name == null
                ? null
                : { first_name: o.customer_first_name, last_name: o.customer_last_name ?? "" },
            order_billing: {
              customer_first_name: o.billing_first_name,
              customer_last_name: o.billing_last_name,
            },
          }),
          o.priority === PRIORITY.urgent ? "Urgent" : "Normal",
          formatMoney(Number(o.total_amount_minor) / 100, currency),
          currency,
          shown === s?.slug ? s.displayName : (bySlug.get(shown) ?? "Refunded"),
          outlet?.abbreviation ?? "",
          outlet ? outlet.when(o.created_at as Date) : "",
          o.notes_count,
        ];
      }),
  };
}

/** Newsletter subscribers: the list's Email, Country, Subscribed From, Subject, Channels, Date/Time. */
export function subscriberColumns(staffZone: string): CsvColumns<SubscriberExportRow> {
  const when = whenFormatter(staffZone, "time");
  return {
    header: csvLine(["ID", "Email", "Country", "Subscribed From", "Subject", "Channels", "Date/Time"]),
    batch: (rows) =>
      records(rows, (s) => [
        s.id,
        s.user_email,
        s.source_country,
        s.source_name,
        OPT_IN_LABELS[s.send_type as OptIn] ?? s.send_type,
        [s.send_email && "Email", s.send_phone && "Phone", s.send_sms && "Sms"].filter(Boolean).join(" "),
        when(s.created_at as Date),
      ]),
  };
}

/** The outbox: the screen's Channel, To, Subject, Message, Status, Created, with attempts, error and sent time. */
export function outboxColumns(staffZone: string): CsvColumns<OutboxExportRow> {
  const when = whenFormatter(staffZone, "exact");
  return {
    header: csvLine([
      "ID",
      "Channel",
      "To",
      "Subject",
      "Message",
      "Status",
      "Attempts",
      "Error",
      "Created",
      "Sent",
    ]),
    batch: (rows) =>
      records(rows, (m) => [
        m.id,
        m.channel === "sms" ? "SMS" : "E-mail",
        // An SMS goes to a number: kept as typed in a spreadsheet; an e-mail address is a plain cell.
        m.channel === "sms" ? keptText(m.recipient) : m.recipient,
        m.subject,
        m.body,
        m.status,
        m.attempts,
        m.error,
        when(m.created_at as Date),
        when(m.sent_at as Date | null),
      ]),
  };
}

/** Recalls: the screen's columns (customer, type, outlet, due date, next and last step, outcome). */
export function recallColumns(): CsvColumns<RecallExportRow> {
  const day = (d: string | null | undefined) => (d ? formatCalendarDay(d) : "");
  return {
    header: csvLine([
      "ID",
      "Customer ID",
      "Customer",
      "Recall type",
      "Outlet",
      "Due",
      "Set by hand",
      "Basis",
      "Next step",
      "Next step on",
      "Last step",
      "Last step status",
      "Outcome",
    ]),
    batch: (rows) =>
      records(rows, (r) => [
        r.id,
        r.customer.id,
        r.customer.name,
        r.recall_type.name,
        r.outlet?.name ?? "",
        day(r.due_date),
        r.manual ? "Yes" : "No",
        r.basis,
        r.next_step ? RECALL_CHANNEL_LABELS[r.next_step.channel] : "",
        day(r.next_step?.on),
        r.last_step?.channel ? RECALL_CHANNEL_LABELS[r.last_step.channel] : "",
        r.last_step
          ? r.last_step.reason
            ? `${r.last_step.status}: ${r.last_step.reason}`
            : r.last_step.status
          : "",
        RECALL_OUTCOME_LABELS[r.outcome],
      ]),
  };
}
