import {
  listSupplierLenses,
  type SupplierLensWire,
  type SupplierWire,
  setSupplierLensCode,
} from "@loupe/contract";
import { LENS_CODE_MAX } from "@loupe/domain";
import { Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";

const key = (supplierId: number) => ["settings", "suppliers", supplierId, "lenses"];

/** One lens's code: what the supplier's lab system knows the lens by, sent as the record's LNAM. */
function LensCodeRow(props: { supplier: SupplierWire; lens: SupplierLensWire }) {
  const { lens } = props;
  const [code, setCode] = useState(lens.lens_code ?? "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const changed = code.trim() !== (lens.lens_code ?? "");
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const res = await callEndpoint(setSupplierLensCode, {
        params: { id: props.supplier.id, lensId: lens.id },
        body: { lens_code: code.trim() || null },
      });
      showAlert({ variant: "success", message: res.message });
      await queryClient.invalidateQueries({ queryKey: key(props.supplier.id) });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Table.Tr data-testid="supplier-lens">
      <Table.Td>{lens.name}</Table.Td>
      <Table.Td>{lens.lens_type}</Table.Td>
      <Table.Td>{lens.index}</Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          aria-label={`Lens code of ${lens.name}`}
          placeholder="Not set: orders say the lens is not known"
          maxLength={LENS_CODE_MAX}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
        />
      </Table.Td>
      <Table.Td>
        <Button size="compact-xs" variant="light" disabled={!changed} loading={saving} onClick={save}>
          Save
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** The supplier's lenses in the catalogue and its code for each (ADR 0032), in the supplier's settings. */
export function SupplierLensCodes(props: { supplier: SupplierWire }) {
  const { data = [], isLoading } = useQuery({
    queryKey: key(props.supplier.id),
    queryFn: async () => (await callEndpoint(listSupplierLenses, { params: { id: props.supplier.id } })).data,
  });
  return (
    <Stack gap={4} p="xs" data-testid="supplier-lens-codes">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Lens codes
        </Text>
        <Text size="xs" c="dimmed">
          The supplier's own code for each lens: lens orders name the lens by it (LNAM).
        </Text>
      </Group>
      {!isLoading && data.length === 0 ? (
        <Text size="xs" c="dimmed">
          No lenses of this supplier in the catalogue.
        </Text>
      ) : (
        <Table fz="sm" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Lens</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Index</Table.Th>
              <Table.Th>Supplier's code</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((l) => (
              <LensCodeRow key={`${l.id}:${l.lens_code ?? ""}`} supplier={props.supplier} lens={l} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
