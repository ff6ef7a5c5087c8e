import {
  createSupplier,
  createSupplierContact,
  listSuppliers,
  type SupplierContactWire,
  type SupplierWire,
  updateSupplier,
  updateSupplierContact,
} from "@loupe/contract";
import {
  CONTACT_CHANNEL_LABELS,
  CONTACT_CHANNELS,
  type ContactChannel,
  NOTES_MAX,
  SUPPLIER_KIND_LABELS,
  SUPPLIER_KINDS,
  SUPPLIER_MESSAGES,
  type SupplierKind,
} from "@loupe/domain";
import { NumberInput, Select, SimpleGrid, TextInput } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { callEndpoint } from "../../../lib/api-client";
import { useRegions } from "../../reference/use-reference-data";
import { formFields, VersionedModal } from "./versioned-modal";

/** The suppliers as Settings lists them (inactive ones too). */
export const loadSuppliers = async () =>
  (await callEndpoint(listSuppliers, { query: { include_inactive: "true" } })).data;

const supplierForm = (s?: SupplierWire) => ({
  name: s?.name ?? "",
  abbreviation: s?.abbreviation ?? "",
  order_type: s?.order_type ?? ("all" as "all" | "api"),
  kind: s?.kind ?? ("standard" as SupplierKind),
  allows_cut: s?.allows_cut ?? false,
  contacts_listed: s?.contacts_listed ?? true,
  is_active: s?.is_active ?? true,
  notes_max_length: s?.notes_max_length ?? (null as number | null),
  requires_heights: s?.requires_heights ?? false,
  takes_job_type: s?.takes_job_type ?? false,
});

/**
 * Add or edit a lens supplier: name, abbreviation, order type, state rules (kind), Cut, contacts
 * listed, active, and what its lab system takes (notes length, heights, `_JTYPE`; ADR 0032).
 */
export function SupplierModal(props: { supplier?: SupplierWire; onClose: () => void; onSaved: () => void }) {
  const [f, setF] = useState(() => supplierForm(props.supplier));
  const [version, setVersion] = useState(props.supplier?.version);
  const { showAlert } = useAlert();
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((s) => ({ ...s, [k]: v }));
  const field = formFields(f, set);
  return (
    <VersionedModal
      title={props.supplier ? `Edit ${props.supplier.name}` : "Add supplier"}
      saveLabel={props.supplier ? "Save" : "Add supplier"}
      onClose={props.onClose}
      onSave={async () => {
        const res = props.supplier
          ? await callEndpoint(updateSupplier, { params: { id: props.supplier.id }, body: { ...f, version } })
          : await callEndpoint(createSupplier, { body: f });
        showAlert({ variant: "success", message: res.message || SUPPLIER_MESSAGES.saved });
        props.onSaved();
      }}
      onReload={async () => {
        const fresh = (await loadSuppliers()).find((s) => s.id === props.supplier?.id);
        if (!fresh) throw new Error("This supplier has been removed.");
        setF(supplierForm(fresh));
        setVersion(fresh.version);
        props.onSaved();
      }}
    >
      <SimpleGrid cols={2}>
        <TextInput
          label="Name"
          withAsterisk
          value={f.name}
          onChange={(e) => set("name", e.currentTarget.value)}
        />
        <TextInput
          label="Abbreviation"
          withAsterisk
          value={f.abbreviation}
          onChange={(e) => set("abbreviation", e.currentTarget.value)}
        />
        <Select
          label="Order type"
          data={[
            { value: "all", label: "All (e-mail and lab systems)" },
            { value: "api", label: "API (automatic interface)" },
          ]}
          value={f.order_type}
          onChange={(v) => v && set("order_type", v as "all" | "api")}
          allowDeselect={false}
        />
        <Select
          label="Supplier state rules"
          data={SUPPLIER_KINDS.map((k) => ({ value: k, label: SUPPLIER_KIND_LABELS[k] }))}
          value={f.kind}
          onChange={(v) => v && set("kind", v as SupplierKind)}
          allowDeselect={false}
        />
      </SimpleGrid>
      {field.check("allows_cut", "Edges lenses (offers Cut)")}
      {field.check("contacts_listed", "Lists its e-mail contacts")}
      {field.check("is_active", "Active (takes orders)")}
      <NumberInput
        label="Notes limit (characters)"
        description="The longest notes its lab system takes; empty for no limit of its own. Order Lenses refuses longer notes."
        min={1}
        max={NOTES_MAX}
        allowDecimal={false}
        value={f.notes_max_length ?? ""}
        onChange={(v) => set("notes_max_length", typeof v === "number" ? v : null)}
      />
      {field.check("requires_heights", "Asks for heights on every lens (single vision too)")}
      {field.check("takes_job_type", "Its lab system reads _JTYPE (Rx-Universe job type)")}
    </VersionedModal>
  );
}

const contactForm = (c?: SupplierContactWire) => ({
  region_id: c?.region_id ?? null,
  first_name: c?.first_name ?? "",
  last_name: c?.last_name ?? "",
  channel: c?.channel ?? ("email" as ContactChannel),
  mail: c?.mail ?? "",
  phone: c?.phone ?? "",
  drop_folder: c?.drop_folder ?? "",
  account_number: c?.account_number ?? "",
  is_active: c?.is_active ?? true,
});

/** Add or edit a supplier contact: the region it serves, how orders reach it (e-mail, file drop, interface). */
export function SupplierContactModal(props: {
  supplier: SupplierWire;
  contact?: SupplierContactWire;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [f, setF] = useState(() => contactForm(props.contact));
  const [version, setVersion] = useState(props.contact?.version);
  const { data: regions = [] } = useRegions();
  const { showAlert } = useAlert();
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((s) => ({ ...s, [k]: v }));
  const field = formFields(f, set);
  // Empty optional fields go as null; the region is checked by the server like every other field.
  const body = () => ({
    ...f,
    region_id: f.region_id ?? 0,
    mail: f.mail || null,
    phone: f.phone || null,
    drop_folder: f.drop_folder || null,
    account_number: f.account_number || null,
  });
  return (
    <VersionedModal
      title={
        props.contact ? `Edit contact ${props.contact.full_name}` : `Add contact to ${props.supplier.name}`
      }
      saveLabel={props.contact ? "Save" : "Add contact"}
      onClose={props.onClose}
      onSave={async () => {
        const res = props.contact
          ? await callEndpoint(updateSupplierContact, {
              params: { id: props.contact.id },
              body: { ...body(), version },
            })
          : await callEndpoint(createSupplierContact, { params: { id: props.supplier.id }, body: body() });
        showAlert({ variant: "success", message: res.message || SUPPLIER_MESSAGES.contactSaved });
        props.onSaved();
      }}
      onReload={async () => {
        const fresh = (await loadSuppliers())
          .find((s) => s.id === props.supplier.id)
          ?.contacts.find((c) => c.id === props.contact?.id);
        if (!fresh) throw new Error("This contact has been removed.");
        setF(contactForm(fresh));
        setVersion(fresh.version);
        props.onSaved();
      }}
    >
      <SimpleGrid cols={2}>
        <Select
          label="Region"
          withAsterisk
          data={regions.map((r) => ({ value: String(r.id), label: r.name }))}
          value={f.region_id ? String(f.region_id) : null}
          onChange={(v) => set("region_id", v ? Number(v) : null)}
        />
        <Select
          label="Channel"
          data={CONTACT_CHANNELS.map((c) => ({ value: c, label: CONTACT_CHANNEL_LABELS[c] }))}
          value={f.channel}
          onChange={(v) => v && set("channel", v as ContactChannel)}
          allowDeselect={false}
        />
        {field.text("first_name", "First name")}
        {field.text("last_name", "Last name")}
        {field.text("mail", "Mail", { withAsterisk: f.channel === "email" })}
        {field.text("phone", "Phone")}
        {f.channel === "file_drop" && field.text("drop_folder", "Folder", { withAsterisk: true })}
        {field.text("account_number", "Account number")}
      </SimpleGrid>
      {field.check("is_active", "Active (offered in Order Lenses)")}
    </VersionedModal>
  );
}
