// The rulebook's facts as the web app reads them from a job's answer: the same `decideJobAction`
// the server asks with facts from its tables (ADR 0025). A list row lacks the shipment's detail,
// so it never offers a shipment's cancel; the expanded job has it.
import type { RuleItem, RuleJob } from "@loupe/domain";
import type { OrderDetailWire, OrderItemWire, OrderWire } from "./jobs";

const isDetail = (job: OrderWire | OrderDetailWire): job is OrderDetailWire => "shipment" in job;

export function ruleJobFromWire(job: OrderWire | OrderDetailWire): RuleJob {
  const shipment = isDetail(job) ? job.shipment : null;
  return {
    id: job.id,
    regionId: job.origin_outlet.region_id,
    countryCode: job.origin_outlet.region.country_code,
    statusSlug: job.dispense_status.slug,
    channelId: job.channel_id,
    isPointOfSale: job.is_octopos_order,
    refunded: job.refunded,
    voided: job.voided,
    isRefundable: job.is_refundable,
    refundType: job.refund_type,
    refundableMinor: Math.round(job.refundable_amount * 100),
    shipped: job.shipment_status !== "not_created",
    shipmentCancellable: !!shipment?.can_cancel,
    balanceDueMinor: Math.round(job.balance_due * 100),
    imported: job.imported_from != null,
  };
}

export function ruleItemFromWire(item: OrderItemWire): RuleItem {
  const order = item.lens_order;
  return {
    id: item.id,
    quantity: item.quantity,
    statusSlug: item.dispense_status.slug,
    lensOrder: order
      ? { open: order.open, canCancel: order.can_cancel, statusLabel: order.status_label }
      : null,
    reentryRequired: item.prescription_reentry_required,
  };
}
