import type { confirmedJob } from "./confirmed-job";
import type { TestApp } from "./test-app";

/** A multifocal job's selection every supplier in the demo catalogue can make (lens-order tests). */
export const multifocal = {
  product: "Milo frame + multifocal lenses",
  rx: {
    right_sph: -2,
    left_sph: -2.5,
    right_cyl: -0.75,
    right_axis: 90,
    spectacles: { right_near_add: 2, left_near_add: 2 },
  },
  pd: { binocular_dist_pd: 62, right_height_multifocal: 22, left_height_multifocal: 21.5 },
};

/** The `POST /order_lens` payload for a confirmed job, through the supplier's first live contact of a channel. */
export async function lensOrderBody(
  t: TestApp,
  job: Awaited<ReturnType<typeof confirmedJob>>,
  supplier: string,
  channel: string,
  extra: Record<string, unknown> = {},
) {
  const [c] = await t.database.query<{ id: number; supplier_id: number }>(
    `select c.id, c.supplier_id from supplier_contacts c join lens_suppliers s on s.id = c.supplier_id
      where s.abbreviation = $1 and c.channel = $2 and c.region_id = $3 and c.is_active order by c.id limit 1`,
    [supplier, channel, job.regionId],
  );
  const [to] = await t.database.query<{ id: number }>("select id from outlets where abbreviation = 'PAR'");
  return {
    type: "new",
    order_id: job.orderId,
    item: job.itemId,
    from: c.supplier_id,
    supplier_contact_id: c.id,
    to: to.id,
    lenses: "both",
    need_to_edge: "UnCut",
    frame_size: "M",
    ...extra,
  };
}
