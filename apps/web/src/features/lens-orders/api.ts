import {
  cancelHoyaOrder,
  cancelLensOrder,
  cancelShamirOrder,
  checkLensOrderStatus,
  getSupplier,
  type LensOrderSummaryWire,
  listNotSentLensOrders,
  listProductLensAddons,
  placeLensOrder,
  resendLensOrder,
  type SupplierForItemWire,
} from "@loupe/contract";
import { type ItemSelection, LENS_ORDER_MESSAGES, type LensOrderPayload } from "@loupe/domain";
import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";
import { errorText } from "../../lib/errors";

// The lens ordering calls (jobs-area §7 "Lens ordering"). Keys live under "lens-orders".

export const lensOrderKeys = {
  all: ["lens-orders"] as const,
  notSent: (outletId: number) => ["lens-orders", "not-sent", outletId] as const,
  supplierForItem: (supplierId: number, itemId: number) =>
    ["lens-orders", "supplier", supplierId, itemId] as const,
  options: (itemId: number) => ["lens-orders", "options", itemId] as const,
};

/**
 * The lens options of the item's confirmed selection (its prescription, Type, PD and frame size),
 * as the job edit's Lenses step lists them.
 */
export const useItemLensOptions = (itemId: number, regionProductId: number, selection?: ItemSelection) =>
  useQuery({
    queryKey: lensOrderKeys.options(itemId),
    enabled: selection != null,
    queryFn: async () =>
      (
        await callEndpoint(listProductLensAddons, {
          query: {
            region_product_id: regionProductId,
            prescription_id: selection?.prescription?.id ?? undefined,
            prescription_type: selection?.prescription?.type ?? undefined,
            pd_id: selection?.pdId ?? undefined,
            frame_size: selection?.customize.front.size ?? undefined,
          } as never,
        })
      ).data,
  });

/** `GET /staff/suppliers/{id}?order_item_id`: contacts of the item's region, delivery default, repeat count, blockers. */
export const useSupplierForItem = (supplierId: number | null, itemId: number) =>
  useQuery({
    queryKey: lensOrderKeys.supplierForItem(supplierId ?? 0, itemId),
    enabled: supplierId != null,
    queryFn: async () =>
      (
        await callEndpoint(getSupplier, {
          params: { id: supplierId! },
          query: { order_item_id: itemId },
        })
      ).data as SupplierForItemWire,
  });

export const checkStatus = (itemId: number) =>
  callEndpoint(checkLensOrderStatus, { query: { order_item_id: itemId } });

/** Send again (issue 33): the same order re-driven with its own key; repeated presses answer the same order. */
export const resendOrder = (id: number) => callEndpoint(resendLensOrder, { params: { id } });

/** The outlet's lens orders whose e-mail the outbox gave up on. */
export const useNotSentLensOrders = (outletId: number | undefined) =>
  useQuery({
    queryKey: lensOrderKeys.notSent(outletId ?? 0),
    enabled: outletId != null,
    queryFn: async () =>
      (await callEndpoint(listNotSentLensOrders, { query: { outlet_id: outletId!, limit: 50 } })).data,
  });

export const orderLenses = (payload: LensOrderPayload) => callEndpoint(placeLensOrder, { body: payload });

/**
 * Cancels an item's lens order the way its supplier kind is cancelled (§7): Hoya through
 * `GET /order_lens/cancel/hoya`, Shamir through `POST /shamir/order/cancel/{id}`, the rest
 * through the general call. Answers the alert to show, with the §8 wording for each kind.
 */
export async function cancelOrder(
  order: LensOrderSummaryWire,
): Promise<{ variant: "success" | "danger"; message: string }> {
  try {
    if (order.supplier_kind === "hoya") {
      await callEndpoint(cancelHoyaOrder, { query: { lens_order_id: order.id } });
      return { variant: "success", message: LENS_ORDER_MESSAGES.hoyaCancelled };
    }
    const res =
      order.supplier_kind === "shamir"
        ? await callEndpoint(cancelShamirOrder, { params: { id: order.id } })
        : await callEndpoint(cancelLensOrder, { params: { id: order.id } });
    return { variant: "success", message: res.message || LENS_ORDER_MESSAGES.cancelled };
  } catch (err) {
    // Hoya shows the response's error (§8); Shamir's failure is the fixed "Error cancelling order".
    return {
      variant: "danger",
      message: order.supplier_kind === "shamir" ? LENS_ORDER_MESSAGES.cancelFailed : errorText(err),
    };
  }
}
