// How a customer and a note's author are shown; apart from customer-rules.ts so the customers list
// does not load zod with them (issue 16: the first screen after sign-in ≤ 200 KB).

/** Full name, or "Guest" when there is none (spec §3). */
export function customerLabel(
  c: { first_name?: string | null; last_name?: string | null } | null | undefined,
): string {
  const name = `${c?.first_name ?? ""} ${c?.last_name ?? ""}`.trim();
  return name || "Guest";
}

/** Age in whole years on `today`, from an ISO date of birth. */
export function ageFromDob(dob: string | null | undefined, today: Date = new Date()): number | null {
  if (!dob) return null;
  const [y, m, d] = dob.split("-").map(Number);
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age--;
  return age;
}

/** Who wrote a note: its author's name, else "System" (spec §3: "No user shows as System"). */
export const noteAuthorLabel = (note: { user?: { data?: { full_name?: string | null } | null } | null }) =>
  note.user?.data?.full_name?.trim() || "System";
