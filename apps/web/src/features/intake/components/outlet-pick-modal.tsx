import type { IntakeSaleWire } from "@loupe/contract";
import { Alert, Button, Group, Modal, Radio, SimpleGrid, Text } from "@mantine/core";
import { useRef, useState } from "react";
import { errorText } from "../../../lib/errors";
import { useIntakeSale, useResolveSale } from "../api";
import { W } from "../intake-words";
import type { Resolved } from "./customer-pick-modal";
import { SaleDetailState } from "./sale-detail-state";

/**
 * A sale from a register or location Loupe does not know yet: staff name the outlet it was sold
 * at, once; the server remembers it for the store and makes the sale into its job.
 */
export function OutletPickModal({
  sale,
  onClose,
  onResolved,
}: {
  sale: Pick<IntakeSaleWire, "id" | "invoice_number">;
  onClose: () => void;
  onResolved: (r: Resolved) => void;
}) {
  const detail = useIntakeSale(sale.id);
  const { outlet } = useResolveSale();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const outlets = detail.data?.outlet_candidates ?? [];

  async function link() {
    if (!chosen) {
      setError(W.chooseOutletFirst);
      return;
    }
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    try {
      const answer = await outlet.mutateAsync({ id: sale.id, outletId: Number(chosen) });
      // Resolved: the dialog is done, and a second click (already on its way) sends nothing more.
      onResolved(answer.data);
    } catch (err) {
      setError(errorText(err));
      inFlight.current = false;
    }
  }

  return (
    <Modal opened onClose={onClose} title={W.pickOutletFor(sale.invoice_number)} size="lg">
      <SaleDetailState isLoading={detail.isLoading} error={detail.error} />
      {detail.data &&
        (outlets.length ? (
          <Radio.Group
            label={W.outletsLegend}
            description={`${W.sourceOutlet(detail.data.external_outlet_id)} ${W.outletRemembered}`}
            value={chosen}
            onChange={setChosen}
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
              {outlets.map((o) => (
                <Radio key={o.id} value={String(o.id)} label={`${o.name} (${o.abbreviation})`} />
              ))}
            </SimpleGrid>
          </Radio.Group>
        ) : (
          <Text size="sm">{W.noOutlets}</Text>
        ))}
      {error && (
        <Alert color="red" variant="light" role="alert" mt="sm" data-testid="resolve-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs" mt="md">
        <Button variant="subtle" onClick={onClose}>
          {W.cancel}
        </Button>
        <Button onClick={link} loading={outlet.isPending} disabled={!outlets.length}>
          {W.linkOutlet}
        </Button>
      </Group>
    </Modal>
  );
}
