import type { LensOptionWire, OrderDetailWire, OrderItemWire } from "@loupe/contract";
import {
  CONTACT_CHANNEL_LABELS,
  edgeOptionsFor,
  type ItemSelection,
  isApiContact,
  isItemConfirmed,
  LENS_EDGE_LABELS,
  LENS_ORDER_MESSAGES,
  LENS_SIDE_LABELS,
  LENS_SIDES,
  type LensEdge,
  type LensOrderForm,
  type LensSide,
  lensOrderFormErrors,
  lensOrderPdErrors,
  notesMaxLength,
  orderLensChoices,
  REPEAT_REASONS,
} from "@loupe/domain";
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useAlert } from "../../app/alert-context";
import { ApiError } from "../../lib/api-client";
import { errorText } from "../../lib/errors";
import { useAction } from "../../lib/use-action";
import { lensLabel } from "../job-edit/lens-label";
import { jobKeys } from "../jobs/api/job-keys";
import { useCurrentUser, useOutlets } from "../reference/use-reference-data";
import { lensOrderKeys, orderLenses, useItemLensOptions, useSupplierForItem } from "./api";

interface StoredInfo {
  selection?: ItemSelection;
  data?: {
    lens_addon_combination?: LensOptionWire | null;
    pd?: Parameters<typeof lensOrderPdErrors>[0];
    prescription?: { type?: string | null } | null;
  };
}

const newKey = () => crypto.randomUUID();

/** Order Lenses (jobs-area §2, §3, §5): the item's lens from a supplier, through one of its contacts. */
export function OrderLensesModal(props: { job: OrderDetailWire; item: OrderItemWire; onClose: () => void }) {
  const { job, item } = props;
  const info = (item.additional_info ?? {}) as StoredInfo;
  const current = info.data?.lens_addon_combination ?? null;
  const confirmed = isItemConfirmed(item);
  const lensOptions = useItemLensOptions(item.id, item.region_product_id, info.selection);
  // Zeiss and unmakeable options out, in the §9 preference order, the job's lens preselected.
  const choices = orderLensChoices(
    lensOptions.data ?? [],
    current?.id ?? info.selection?.product_lens_addons_id,
  );
  const [lensId, setLensId] = useState<number | null>(null);
  const chosen = choices.options.find((o) => o.id === (lensId ?? choices.preselectedId)) ?? null;
  const supplierId = chosen?.lenses.supplier.id ?? null;
  const supplierQuery = useSupplierForItem(supplierId, item.id);
  const supplier = supplierQuery.data ?? null;

  const [form, setForm] = useState<Omit<LensOrderForm, "to" | "contact">>({
    lenses: "both",
    need_to_edge: "UnCut",
    reason: null,
    description: "",
    notes: "",
  });
  // Deliver to and Contact start at the supplier's defaults until the dispenser picks one.
  const [to, setTo] = useState<number | null>(null);
  const [contactId, setContactId] = useState<number | null>(null);
  const contacts = supplier?.contacts.filter((c) => c.is_active) ?? [];
  const deliverTo = to ?? supplier?.default_delivery_outlet_id ?? null;
  const contact =
    contacts.find((c) => c.id === contactId) ?? (contacts.length === 1 ? contacts[0] : null) ?? null;
  const [tried, setTried] = useState(false);

  const { data: outlets = [] } = useOutlets();
  const { data: me } = useCurrentUser();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  // One key per order attempt: a double click or a retry after a timeout answers the first order.
  const key = useRef(newKey());

  const repeat = supplier?.is_repeat ?? false;
  const filled: LensOrderForm = { ...form, to: deliverTo, contact: contact?.id ?? null };
  const errors = supplier
    ? lensOrderFormErrors(filled, {
        repeat,
        apiContact: isApiContact(contact),
        cutOptions: supplier.cut_options,
        supplierName: supplier.name,
        supplierNotesMax: supplier.notes_max_length,
      })
    : {};
  const notesMax = notesMaxLength(isApiContact(contact), repeat, supplier?.notes_max_length);
  // The PD values this lens, these sides and this supplier need (issue 32): the server asks the same rule.
  const pdErrors = supplier
    ? lensOrderPdErrors(info.data?.pd, {
        lensType: item.region_product.lenses_type ?? current?.lenses.lens_type ?? null,
        eyes: form.lenses,
        reading: (info.data?.prescription?.type ?? info.selection?.prescription?.type) === "reading",
        supplierRequiresHeights: supplier.requires_heights,
      })
    : {};
  const pdProblems = Object.values(pdErrors);
  const blockers = supplier?.blockers ?? [];
  const open = supplier?.open_order ?? null;
  // The payload names who orders and from which outlet (spec §3): the signed-in member must be known.
  const canOrder =
    me != null &&
    supplier != null &&
    chosen != null &&
    blockers.length === 0 &&
    open == null &&
    pdProblems.length === 0;
  const shown = (k: string) => (tried ? errors[k] : undefined);

  const order = useAction(async () => {
    setTried(true);
    if (!me || !supplier || !chosen || Object.keys(errors).length) return;
    try {
      await orderLenses({
        type: repeat ? "repeat" : "new",
        outlet_id: me.outlet_id ?? null,
        // The spec's payload names the staff member; the server still takes who orders from the
        // session and refuses an id that is not the session's (403 naming user_id).
        user_id: me.id,
        order_id: job.id,
        product_id: chosen.id,
        item: item.id,
        frame_size: info.selection?.customize.front.size ?? null,
        to: deliverTo,
        lenses: form.lenses,
        from: supplier.id,
        supplier_contact_id: contact?.id ?? null,
        order_type: supplier.order_type,
        notes: form.notes || null,
        reason: repeat ? form.reason : null,
        description: form.description || null,
        need_to_edge: form.need_to_edge,
        idempotency_key: key.current,
      });
      showAlert({ variant: "success", message: LENS_ORDER_MESSAGES.ordered });
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
      props.onClose();
    } catch (err) {
      // §8: data.error, else "Error". A refusal is final for this key; an unanswered call keeps it,
      // so sending again re-drives the same order instead of placing a second one.
      if (err instanceof ApiError && err.status < 500) key.current = newKey();
      showAlert({ variant: "danger", message: errorText(err) });
      await queryClient.invalidateQueries({ queryKey: lensOrderKeys.all });
    }
  });

  const loading = lensOptions.isLoading || supplierQuery.isLoading;
  return (
    <Modal opened onClose={props.onClose} title="Order Lenses" size="lg">
      <Stack gap="sm" data-testid="order-lenses-modal">
        <Text size="sm">
          {job.vend_invoice_number} · item {item.id} · {item.region_product.product.name}
        </Text>
        {loading && <Loader size="sm" />}
        {!loading && choices.options.length === 0 && (
          <Alert color="red" variant="light" p="xs" data-testid="order-blockers">
            {confirmed ? LENS_ORDER_MESSAGES.noLensesMatch : LENS_ORDER_MESSAGES.notConfirmed}
          </Alert>
        )}
        {choices.options.length > 0 && (
          <Select
            label="Lens"
            data={choices.options.map((o) => ({
              value: String(o.id),
              label: `${o.lenses.supplier.name} · ${lensLabel(o)}${o.id === current?.id ? " (job's lens)" : ""}`,
            }))}
            value={chosen ? String(chosen.id) : null}
            onChange={(v) => {
              setLensId(v ? Number(v) : null);
              setContactId(null);
              setTo(null);
            }}
            allowDeselect={false}
          />
        )}
        {supplier && (
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {supplier.name} ({supplier.abbreviation})
            </Text>
            {repeat && (
              <Badge color="orange" data-testid="repeat-badge">
                Repeat order · {supplier.order_count} earlier
              </Badge>
            )}
          </Group>
        )}
        {(blockers.length > 0 || open || pdProblems.length > 0) && (
          <Alert color="red" variant="light" p="xs" data-testid="order-blockers">
            <List size="sm">
              {open && <List.Item>{LENS_ORDER_MESSAGES.alreadyOrdered(open.status_label)}</List.Item>}
              {blockers.map((b) => (
                <List.Item key={b}>{b}</List.Item>
              ))}
              {pdProblems.map((b) => (
                <List.Item key={b}>{b}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {supplier && (
          <>
            <SimpleGrid cols={2}>
              <Select
                label={LENS_ORDER_MESSAGES.deliverToLabel}
                searchable
                data={outlets
                  .filter((o) => o.is_active || o.id === deliverTo)
                  .map((o) => ({ value: String(o.id), label: `${o.abbreviation} - ${o.name}` }))}
                value={deliverTo ? String(deliverTo) : null}
                onChange={(v) => setTo(v ? Number(v) : null)}
                error={shown("to")}
              />
              <Select
                label={LENS_ORDER_MESSAGES.contactLabel}
                placeholder={contacts.length ? "Choose a contact" : "No contact for this region"}
                data={contacts.map((c) => ({
                  value: String(c.id),
                  label: `${c.full_name} · ${CONTACT_CHANNEL_LABELS[c.channel]}`,
                }))}
                value={contact ? String(contact.id) : null}
                onChange={(v) => setContactId(v ? Number(v) : null)}
                error={shown("contact")}
              />
            </SimpleGrid>
            <SimpleGrid cols={2}>
              <Radio.Group
                label="Lenses"
                value={form.lenses}
                onChange={(v) => setForm({ ...form, lenses: v as LensSide })}
              >
                <Group gap="md" mt={4}>
                  {LENS_SIDES.map((s) => (
                    <Radio key={s} value={s} label={LENS_SIDE_LABELS[s]} />
                  ))}
                </Group>
              </Radio.Group>
              <Radio.Group
                label="Need to edge"
                value={form.need_to_edge}
                onChange={(v) => setForm({ ...form, need_to_edge: v as LensEdge })}
                error={shown("need_to_edge")}
              >
                <Group gap="md" mt={4}>
                  {edgeOptionsFor(supplier.cut_options).map((e) => (
                    <Radio key={e} value={e} label={LENS_EDGE_LABELS[e]} />
                  ))}
                </Group>
              </Radio.Group>
            </SimpleGrid>
            {repeat && (
              <Select
                label={LENS_ORDER_MESSAGES.reasonLabel}
                withAsterisk
                data={REPEAT_REASONS.map((r) => ({ value: r.slug, label: r.name }))}
                value={form.reason ?? null}
                onChange={(v) => setForm({ ...form, reason: v })}
                error={shown("reason")}
              />
            )}
            <Textarea
              label={LENS_ORDER_MESSAGES.internalNoteLabel}
              description="Kept with the job; never sent to the supplier."
              withAsterisk={repeat}
              autosize
              minRows={2}
              value={form.description ?? ""}
              onChange={(e) => setForm({ ...form, description: e.currentTarget.value })}
              error={shown("description")}
            />
            <TextInput
              label="Notes"
              description={
                notesMax
                  ? `${notesMax === notesMaxLength(isApiContact(contact), repeat) ? "For the supplier's automatic interface" : `${supplier.name} takes ${notesMax} characters`}: ${(form.notes ?? "").length}/${notesMax} characters`
                  : "Sent to the supplier with the order, whole."
              }
              value={form.notes ?? ""}
              onChange={(e) => setForm({ ...form, notes: e.currentTarget.value })}
              error={errors.notes}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => order.run()} loading={order.isPending} disabled={!canOrder}>
            Order Lenses
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
