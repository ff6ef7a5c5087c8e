/** The sandbox gateway's endpoint stands where Stripe's servers would: the card goes there, not to /api. */
export async function confirmWithSandbox(
  clientSecret: string,
  cardNumber: string,
): Promise<{ ok: boolean; error?: string }> {
  const res = await fetch("/sandbox-gateway/confirm", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_secret: clientSecret, card_number: cardNumber }),
  });
  const provider = (await res.json()) as { status?: string; error?: string | null; message?: string };
  return provider.status === "succeeded"
    ? { ok: true }
    : { ok: false, error: provider.error ?? provider.message };
}
