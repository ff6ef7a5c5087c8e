import type { IntakeCandidateWire, IntakeSaleWire } from "@loupe/contract";
import { Alert, Button, Group, Modal, Radio, Stack, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { errorText } from "../../../lib/errors";
import { formatDate } from "../../../lib/format";
import { useIntakeSale, useResolveSale } from "../api";
import { W } from "../intake-words";
import { SaleDetailState } from "./sale-detail-state";

export type Resolved = { order_id: number | null; sale: IntakeSaleWire };

function CandidateLabel({ c }: { c: IntakeCandidateWire }) {
  const facts = [c.email, c.mobile, c.dob ? W.dob(formatDate(c.dob)) : null].filter(Boolean).join(" · ");
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {c.full_name}
      </Text>
      {facts && (
        <Text size="xs" c="dimmed">
          {facts}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {W.matchedBy(c.matched_by)}
      </Text>
    </Stack>
  );
}

/**
 * A sale whose customer could be several people: staff pick one of them (masked contacts, enough to
 * tell them apart) or create a new customer from the sale's details. The server remembers the
 * choice for the source's customer and makes the sale into its job.
 */
export function CustomerPickModal({
  sale,
  onClose,
  onResolved,
}: {
  sale: Pick<IntakeSaleWire, "id" | "invoice_number">;
  onClose: () => void;
  onResolved: (r: Resolved) => void;
}) {
  const detail = useIntakeSale(sale.id);
  const { customer } = useResolveSale();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Which button sent the call in flight; a ref as well, so a double click sends one call.
  const [pending, setPending] = useState<"link" | "create" | null>(null);
  const inFlight = useRef(false);
  const candidates = detail.data?.candidates ?? [];

  async function link(body: { customer_id: number } | { create: true }) {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    setPending("create" in body ? "create" : "link");
    try {
      const answer = await customer.mutateAsync({ id: sale.id, body });
      // Resolved: the dialog is done, and a second click (already on its way) sends nothing more.
      onResolved(answer.data);
    } catch (err) {
      setError(errorText(err));
      inFlight.current = false;
    } finally {
      setPending(null);
    }
  }

  return (
    <Modal opened onClose={onClose} title={W.pickCustomerFor(sale.invoice_number)} size="lg">
      <Stack gap="sm">
        <SaleDetailState isLoading={detail.isLoading} error={detail.error} />
        {detail.data && (
          <>
            {detail.data.reason && <Text size="sm">{detail.data.reason}</Text>}
            {candidates.length ? (
              <Radio.Group
                label={W.candidatesLegend}
                description={W.candidatesHint}
                value={chosen}
                onChange={setChosen}
              >
                <Stack gap="xs" mt="xs">
                  {candidates.map((c) => (
                    <Radio
                      key={c.customer_id}
                      value={String(c.customer_id)}
                      label={<CandidateLabel c={c} />}
                      data-testid="intake-candidate"
                    />
                  ))}
                </Stack>
              </Radio.Group>
            ) : (
              <Text size="sm">{W.noCandidates}</Text>
            )}
          </>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="resolve-error">
            {error}
          </Alert>
        )}
        <Group justify="space-between" gap="xs">
          <Button
            variant="default"
            onClick={() => link({ create: true })}
            loading={pending === "create"}
            disabled={!detail.data || pending !== null}
          >
            {W.createCustomer}
          </Button>
          <Group gap="xs">
            <Button variant="subtle" onClick={onClose}>
              {W.cancel}
            </Button>
            <Button
              // Enabled before a choice, so the keyboard reaches it and hears why nothing was sent.
              onClick={() => (chosen ? link({ customer_id: Number(chosen) }) : setError(W.chooseOneFirst))}
              loading={pending === "link"}
              disabled={!candidates.length || pending !== null}
            >
              {W.linkCustomer}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
