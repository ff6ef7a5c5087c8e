import { LENS_SIDE_LABELS, parseDcsRecord, repeatReasonName } from "@loupe/domain";
import { eq } from "drizzle-orm";
import type { LensOrderRef, LensOrderRequest } from "../../integrations/lens-suppliers";
import { renderOrderSheet } from "../../integrations/lens-suppliers";
import { notFound } from "../../platform/http/app-error";
import { type ContactRow, contactFullName } from "../suppliers";
import type { LensOrderDeps, Snapshot } from "./lens-order-deps";
import type { LensOrderRow } from "./lens-orders.mappers";
import {
  contactWithId,
  type ItemContext,
  loadItemContext,
  outletsWithIds,
  supplierWithId,
} from "./lens-orders.queries";
import { lensOrders } from "./lens-orders.tables";

// The request a supplier receives: its facts, the DCS record and the order sheet.

export function createLensOrderSupplierRequest(deps: LensOrderDeps) {
  const { db } = deps;

  const clientName = (job: ItemContext["job"]) =>
    [job.billingLastName.toUpperCase(), job.billingFirstName.slice(0, 1).toUpperCase()]
      .filter(Boolean)
      .join(" ");

  async function requestFor(row: LensOrderRow, ctx: ItemContext): Promise<LensOrderRequest> {
    const [supplier] = await supplierWithId(db, row.supplierId);
    const [contact] = await contactWithId(db, row.contactId);
    const outletRows = await outletsWithIds(db, [
      row.deliverToOutletId,
      row.fromOutletId ?? row.deliverToOutletId,
    ]);
    const deliverTo = outletRows.find((o) => o.id === row.deliverToOutletId)!;
    const from = outletRows.find((o) => o.id === row.fromOutletId) ?? null;
    const snap = row.snapshot as Snapshot;
    const original = row.repeatOfId
      ? (await db.select().from(lensOrders).where(eq(lensOrders.id, row.repeatOfId)))[0]
      : null;
    const address = [
      deliverTo.address1,
      deliverTo.address2,
      [deliverTo.suburb ?? deliverTo.city, deliverTo.state, deliverTo.postcode].filter(Boolean).join(" "),
    ]
      .filter(Boolean)
      .join(", ");
    const lens = snap.lens_addon_combination;
    const facts: [string, string][] = [
      ["Supplier", `${supplier.name} (${contactFullName(contact) || contact.mail || contact.channel})`],
      ["Ordered by", from ? `${from.name} (${from.abbreviation})` : "—"],
      ["Job", `${ctx.job.vendInvoiceNumber} · ${clientName(ctx.job)}`],
      [
        "Lens",
        [lens?.lenses.name, lens?.coating?.display_name, lens?.tint?.display_name]
          .filter(Boolean)
          .join(" · "),
      ],
      ["Lenses", LENS_SIDE_LABELS[row.lenses]],
      ["Need to edge", row.needToEdge],
      ["Frame size", row.frameSize ?? "—"],
      ["Deliver to", `${deliverTo.name}${address ? `, ${address}` : ""}`],
      ...(contact.accountNumber ? ([["Account", contact.accountNumber]] as [string, string][]) : []),
      ...(row.isRepeat
        ? ([["Repeat of", `${original?.reference ?? "—"}: ${repeatReasonName(row.repeatReason) ?? ""}`]] as [
            string,
            string,
          ][])
        : []),
    ];
    // The sheet shows what the record says, so the lab's person and the lab's system read the same order.
    const dcs = parseDcsRecord(row.record);
    const eye = (i: number) => (label: string) => dcs[label]?.[i] ?? "";
    const prism = (i: number) => (dcs.PRVM ? `${dcs.PRVM[i]} @ ${dcs.PRVA?.[i] ?? 0}°` : "");
    const heightLabel = dcs.SEGHT ? "SEGHT" : "OCHT";
    const rxRow = (name: string, i: number) => {
      const v = eye(i);
      return [name, v("SPH"), v("CYL"), v("AX"), v("ADD"), prism(i), v("IPD"), v("NPD"), v(heightLabel)];
    };
    facts.push(
      [
        "Material",
        [dcs.LIND?.[0] && `index ${dcs.LIND[0]}`, dcs.DIA?.[0] && `${dcs.DIA[0]} mm blank`]
          .filter(Boolean)
          .join(", "),
      ],
      [
        "Frame box",
        dcs.HBOX
          ? `${dcs.HBOX[0]} × ${dcs.VBOX?.[0]} mm, DBL ${dcs.DBL?.[0]} mm`
          : "Customer's frame (no box)",
      ],
    );
    return {
      reference: row.reference,
      kind: row.supplierKind,
      supplier: { name: supplier.name, abbreviation: supplier.abbreviation },
      contact: {
        name: contactFullName(contact),
        mail: contact.mail,
        dropFolder: contact.dropFolder,
        accountNumber: contact.accountNumber,
      },
      record: row.record,
      notes: row.notes,
      summary: [
        from ? `${from.name} (${from.abbreviation})` : "Loupe",
        ...facts.map(([k, v]) => `${k}: ${v}`),
      ],
      sheet: () =>
        renderOrderSheet({
          reference: row.reference,
          title: `Lens order — ${supplier.name}`,
          facts,
          rx: [
            [
              "",
              "SPH",
              "CYL",
              "AXIS",
              "ADD",
              "Prism",
              "PD",
              "Near PD",
              heightLabel === "SEGHT" ? "Seg ht" : "OC ht",
            ],
            rxRow("Right", 0),
            rxRow("Left", 1),
          ],
          notes: row.notes,
        }),
    };
  }

  const refOf = (
    row: LensOrderRow,
    contact: ContactRow,
    supplier: { name: string; abbreviation: string },
  ): LensOrderRef => ({
    reference: row.reference,
    kind: row.supplierKind,
    idempotencyKey: row.idempotencyKey,
    supplierReference: row.supplierReference,
    contact: {
      name: contactFullName(contact),
      mail: contact.mail,
      dropFolder: contact.dropFolder,
      accountNumber: contact.accountNumber,
    },
    supplier,
  });

  return {
    clientName,
    requestFor,
    refOf,

    /** The DCS record and the order sheet as sent (the access log records who read them). */
    async record(id: number) {
      const [row] = await db.select().from(lensOrders).where(eq(lensOrders.id, id));
      if (!row) throw notFound("Lens order");
      return row;
    },
    async sheet(id: number) {
      const [row] = await db.select().from(lensOrders).where(eq(lensOrders.id, id));
      if (!row) throw notFound("Lens order");
      const ctx = await loadItemContext(db, row.orderItemId);
      if (!ctx) throw notFound("Order item");
      return { row, pdf: await (await requestFor(row, ctx)).sheet() };
    },
  };
}
export type LensOrderSupplierRequest = ReturnType<typeof createLensOrderSupplierRequest>;
