import { deleteSupplierContact, type SupplierContactWire, type SupplierWire } from "@loupe/contract";
import { CONTACT_CHANNEL_LABELS, SUPPLIER_KIND_LABELS } from "@loupe/domain";
import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { callEndpoint } from "../../../lib/api-client";
import { useOutlets, useRegions } from "../../reference/use-reference-data";
import { useFailureText } from "../../reference/use-version-conflict";
import { SupplierLensCodes } from "./supplier-lens-codes";
import { loadSuppliers, SupplierContactModal, SupplierModal } from "./supplier-modals";

const KEY = ["settings", "suppliers"];

type Editing =
  | { kind: "supplier"; supplier?: SupplierWire }
  | { kind: "contact"; supplier: SupplierWire; contact?: SupplierContactWire };

/** Settings for administrators: lens suppliers and their contacts (jobs-area §3 Supplier, §9). */
export function SuppliersManager() {
  const { data = [] } = useQuery({ queryKey: KEY, queryFn: loadSuppliers });
  const { data: regions = [] } = useRegions();
  const { data: outlets = [] } = useOutlets();
  const [open, setOpen] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const failureText = useFailureText();
  // Order Lenses reads suppliers too: a change here refreshes both.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: KEY }),
      queryClient.invalidateQueries({ queryKey: ["lens-orders"] }),
    ]);
  const region = (id: number) => regions.find((r) => r.id === id)?.name ?? `Region ${id}`;
  const outlet = (id: number) => outlets.find((o) => o.id === id)?.abbreviation ?? `#${id}`;

  const remove = (c: SupplierContactWire) =>
    confirmAction({
      title: `Are you sure to remove ${c.full_name}?`,
      message: "A contact that has taken lens orders is made inactive instead.",
      onConfirm: async () => {
        try {
          const res = await callEndpoint(deleteSupplierContact, {
            params: { id: c.id },
            query: { version: c.version },
          });
          showAlert({ variant: "success", message: res.message });
        } catch (err) {
          showAlert({ variant: "danger", message: failureText(err).text });
        }
        await refresh();
      },
    });

  const contacts = (s: SupplierWire) => (
    <Stack gap={4} p="xs" data-testid="supplier-contacts">
      <Table fz="sm" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Contact</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Mail / folder</Table.Th>
            <Table.Th>Region</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {s.contacts.map((c) => (
            <Table.Tr key={c.id} data-testid="supplier-contact">
              <Table.Td>
                {c.full_name}
                {!c.is_active && (
                  <Badge size="xs" color="gray" ml={6}>
                    inactive
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{CONTACT_CHANNEL_LABELS[c.channel]}</Table.Td>
              <Table.Td>{c.channel === "file_drop" ? c.drop_folder : c.mail}</Table.Td>
              <Table.Td>{region(c.region_id)}</Table.Td>
              <Table.Td>{c.account_number ?? "—"}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Edit contact ${c.full_name} (${region(c.region_id)})`}
                    onClick={() => setEditing({ kind: "contact", supplier: s, contact: c })}
                  >
                    Edit
                  </Button>
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove(c)}>
                    Remove
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Delivers by default to:{" "}
          {s.delivery_outlets.length
            ? s.delivery_outlets.map((d) => `${region(d.region_id)} ${outlet(d.outlet_id)}`).join(", ")
            : "the item's outlet"}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => setEditing({ kind: "contact", supplier: s })}
        >
          Add contact
        </Button>
      </Group>
    </Stack>
  );

  return (
    <Paper withBorder p="md" mt="md" data-testid="suppliers-settings">
      <Group justify="space-between" mb="sm">
        <Title order={4}>Lens suppliers</Title>
        <Button size="compact-sm" onClick={() => setEditing({ kind: "supplier" })}>
          Add supplier
        </Button>
      </Group>
      <Table fz="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Supplier</Table.Th>
            <Table.Th>Abbreviation</Table.Th>
            <Table.Th>Order type</Table.Th>
            <Table.Th>State rules</Table.Th>
            <Table.Th>Cut</Table.Th>
            <Table.Th>Contacts</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((s) => (
            <Fragment key={s.id}>
              <Table.Tr data-testid="supplier-row">
                <Table.Td>
                  {s.name}
                  {!s.is_active && (
                    <Badge size="xs" color="gray" ml={6}>
                      inactive
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{s.abbreviation}</Table.Td>
                <Table.Td>{s.order_type}</Table.Td>
                <Table.Td>{SUPPLIER_KIND_LABELS[s.kind]}</Table.Td>
                <Table.Td>{s.allows_cut ? "Yes" : "No"}</Table.Td>
                <Table.Td>
                  <Anchor
                    component="button"
                    size="sm"
                    aria-expanded={open === s.id}
                    aria-label={`${s.contacts.length} contacts of ${s.name}`}
                    onClick={() => setOpen(open === s.id ? null : s.id)}
                  >
                    {s.contacts.length} contacts{s.contacts_listed ? "" : " (not listed)"}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Edit ${s.name}`}
                    onClick={() => setEditing({ kind: "supplier", supplier: s })}
                  >
                    Edit
                  </Button>
                </Table.Td>
              </Table.Tr>
              {open === s.id && (
                <Table.Tr>
                  <Table.Td colSpan={7} bg="gray.0">
                    {contacts(s)}
                    <SupplierLensCodes supplier={s} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
      {editing?.kind === "supplier" && (
        <SupplierModal supplier={editing.supplier} onClose={() => setEditing(null)} onSaved={refresh} />
      )}
      {editing?.kind === "contact" && (
        <SupplierContactModal
          supplier={editing.supplier}
          contact={editing.contact}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
    </Paper>
  );
}
