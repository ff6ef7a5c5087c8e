/**
 * A bench customer with a multifocal prescription and a PD, made through the real endpoints: what
 * the lens-options benchmarks ask about when the database holds no saved selection. `post` is the
 * bench's own signed-in call (app.inject or HTTP), answering the created row's `data`.
 */
export async function benchEyes(
  one: <T>(sql: string, params?: unknown[]) => Promise<T>,
  post: (url: string, body: Record<string, unknown>) => Promise<{ id: number }>,
) {
  const customer = await post("/api/user", { first_name: "Bench", last_name: "Lenses" });
  const rxSource = await one<{ id: number }>("select id from prescription_sources order by id limit 1");
  const pdSource = await one<{ id: number }>("select id from pd_sources order by id limit 1");
  const rx = await post(`/api/v4/users/${customer.id}/prescriptions`, {
    type_id: 1,
    source_id: rxSource.id,
    right_sph: -2,
    left_sph: -2.5,
    right_cyl: -0.75,
    right_axis: 90,
    spectacles: { right_near_add: 2, left_near_add: 2 },
  });
  const pd = await post("/api/customer-pd", {
    customer_user_id: customer.id,
    source_id: pdSource.id,
    binocular_dist_pd: 62,
    right_height_multifocal: 22,
    left_height_multifocal: 21.5,
  });
  return { rx, pd };
}
