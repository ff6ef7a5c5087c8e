import type { CustomerWire } from "@loupe/contract";
import { Button } from "@mantine/core";
import { lazy, Suspense, useState } from "react";
import { W } from "../merge-words";
import { useCustomerRule } from "../use-customer-rule";

// The search dialog loads when opened, not with every expanded customer row.
const MergeWithModal = lazy(() => import("./merge-with-modal"));

/** "Merge with…" on a customer's profile: managers and administrators of the customer's region. */
export function MergeWithButton({ customer }: { customer: CustomerWire }) {
  const decide = useCustomerRule();
  const [open, setOpen] = useState(false);
  if (!decide("merge_customers", { customerRegionIds: [customer.region?.id ?? null] }).allowed) return null;
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpen(true)}>
        {W.mergeWith}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MergeWithModal customer={customer} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
