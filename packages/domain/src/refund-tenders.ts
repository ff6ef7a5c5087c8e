// Where a refund's money goes, in the words of the tender it was paid with (issue 52): a health
// fund's share is reversed to the fund and a gift card's goes back onto the card, never "back to
// the customer" in cash. The job's payments carry the point of sale's tender name only, so the
// tender is read from it; a payment taken through the card gateway is a card whatever its name.

export type Tender = "card" | "health_fund" | "gift_card" | "till";

/** How each tender's share is said: "$120.00 goes back to the health fund". */
export const TENDER_RETURN: Record<Tender, string> = {
  card: "to the card",
  health_fund: "to the health fund",
  gift_card: "onto the gift card",
  till: "at the till",
};

export function tenderOf(p: { name: string; card?: boolean }): Tender {
  const name = p.name.toLowerCase();
  // Before "card": a gift card is not a payment card.
  if (/gift\s*(card|voucher|certificate)|store\s*credit/.test(name)) return "gift_card";
  if (/health\s*fund|hicaps|health\s*insur|insurer|medicare|extras\s*cover/.test(name)) return "health_fund";
  // A card at the till's own terminal (EFTPOS) is returned there, like cash.
  return p.card ? "card" : "till";
}

/**
 * Where money returned off the card gateway goes: the tender of the job's other payments when
 * they are all one (a job paid by health fund is refunded to the fund), otherwise the till.
 */
export function offGatewayTender(payments: readonly { name: string; card: boolean }[]): Tender {
  const tenders = new Set(payments.filter((p) => !p.card).map((p) => tenderOf({ name: p.name })));
  return tenders.size === 1 ? [...tenders][0] : "till";
}

/**
 * "$420.00 to the health fund", or tender by tender when there are several:
 * "$120.00 to the card and $300.00 to the health fund".
 */
export function refundWhere(
  parts: readonly { tender: Tender; amountMinor: number }[],
  fmt: (minor: number) => string,
): string {
  const byTender = new Map<Tender, number>();
  for (const p of parts)
    if (p.amountMinor > 0) byTender.set(p.tender, (byTender.get(p.tender) ?? 0) + p.amountMinor);
  const said = [...byTender].map(([t, minor]) => `${fmt(minor)} ${TENDER_RETURN[t]}`);
  if (!said.length) return "";
  if (said.length === 1) return said[0];
  return `${said.slice(0, -1).join(", ")} and ${said[said.length - 1]}`;
}

/** A payment's tender from its name alone (the job's wire has no gateway flag): a payment named as a card (not a gift card) went through the gateway. */
export const tenderOfShown = (name: string): Tender =>
  tenderOf({ name, card: /card|visa|master|amex/i.test(name) });

/** Where the money of a refund made off the card gateway went, from the job's payments as shown. */
export const tillRefundWhere = (paymentNames: readonly string[]): string =>
  TENDER_RETURN[
    offGatewayTender(paymentNames.map((name) => ({ name, card: tenderOfShown(name) === "card" })))
  ];

/**
 * Where a full refund will send the money, said before it is made from the job's payments as the
 * job shows them (tender names only): "$420.00 to the health fund", or tender by tender.
 */
export function fullRefundWhere(
  payments: readonly { name: string; amountMinor: number }[],
  refundableMinor: number,
  fmt: (minor: number) => string,
): string {
  const parts = payments.map((p) => ({ tender: tenderOfShown(p.name), amountMinor: p.amountMinor }));
  const tenders = [...new Set(parts.map((p) => p.tender))];
  if (!tenders.length) return `${fmt(refundableMinor)} ${TENDER_RETURN.till}`;
  const paid = parts.reduce((n, p) => n + p.amountMinor, 0);
  if (tenders.length > 1 && paid === refundableMinor) return refundWhere(parts, fmt);
  return `${fmt(refundableMinor)} ${tenders.map((t) => TENDER_RETURN[t]).join(" and ")}`;
}
