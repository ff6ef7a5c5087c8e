import { createStaffMember, type StaffMemberWire, updateStaffMember } from "@loupe/contract";
import { isSelectableOutlet, MANAGER_ROLE_ID, ROLE_IDS, ROLE_LABELS, STAFF_ROLE_ID } from "@loupe/domain";
import { Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { callEndpoint } from "../../../lib/api-client";
import { useOutlets, useRegions } from "../../reference/use-reference-data";
import { VersionedModal } from "../../settings/components/versioned-modal";

const formOf = (m?: StaffMemberWire) => ({
  first_name: m?.first_name ?? "",
  last_name: m?.last_name ?? "",
  email: m?.email ?? "",
  role_id: m?.role_id ?? STAFF_ROLE_ID,
  home_outlet_id: m?.home_outlet_id ?? null,
});

/**
 * Add a staff member (an invitation e-mail lets them choose a password) or edit one's name, role
 * and home outlet; the home region follows the outlet. Edits carry the version read (ADR 0022).
 */
export function StaffModal(props: {
  member?: StaffMemberWire;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
  reload: () => Promise<StaffMemberWire[]>;
}) {
  const [f, setF] = useState(() => formOf(props.member));
  const [version, setVersion] = useState(props.member?.version);
  const { data: outlets = [] } = useOutlets();
  const { data: regions = [] } = useRegions();
  const { showAlert } = useAlert();
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((s) => ({ ...s, [k]: v }));
  const regionName = (id: number) => regions.find((r) => r.id === id)?.name ?? `Region ${id}`;
  // Outlets staff could select, grouped by region; the home region is the chosen outlet's.
  const outletGroups = [...new Set(outlets.filter(isSelectableOutlet).map((o) => o.region_id))].map(
    (rid) => ({
      group: regionName(rid),
      items: outlets
        .filter((o) => o.region_id === rid && isSelectableOutlet(o))
        .map((o) => ({ value: String(o.id), label: `${o.abbreviation} - ${o.name}` })),
    }),
  );
  const homeOutlet = outlets.find((o) => o.id === f.home_outlet_id);
  const roleOrder = [
    STAFF_ROLE_ID,
    MANAGER_ROLE_ID,
    ...ROLE_IDS.filter((r) => r !== STAFF_ROLE_ID && r !== MANAGER_ROLE_ID),
  ];

  return (
    <VersionedModal
      title={props.member ? `Edit ${props.member.full_name}` : "Add staff member"}
      saveLabel={props.member ? "Save" : "Add and invite"}
      onClose={props.onClose}
      onSave={async () => {
        const res = props.member
          ? await callEndpoint(updateStaffMember, {
              params: { id: props.member.id },
              body: {
                first_name: f.first_name,
                last_name: f.last_name,
                role_id: f.role_id,
                ...(f.home_outlet_id ? { home_outlet_id: f.home_outlet_id } : {}),
                version,
              },
            })
          : await callEndpoint(createStaffMember, {
              body: {
                first_name: f.first_name,
                last_name: f.last_name,
                email: f.email,
                role_id: f.role_id,
                // The server names the field when it is missing.
                home_outlet_id: f.home_outlet_id as number,
              },
            });
        showAlert({ variant: "success", message: res.message });
        await props.onSaved();
      }}
      onReload={async () => {
        const fresh = (await props.reload()).find((m) => m.id === props.member?.id);
        if (!fresh) throw new Error("This staff member no longer exists.");
        setF(formOf(fresh));
        setVersion(fresh.version);
      }}
    >
      <SimpleGrid cols={2}>
        <TextInput
          label="First name"
          withAsterisk
          value={f.first_name}
          onChange={(e) => set("first_name", e.currentTarget.value)}
        />
        <TextInput
          label="Last name"
          value={f.last_name}
          onChange={(e) => set("last_name", e.currentTarget.value)}
        />
      </SimpleGrid>
      <TextInput
        label="E-mail"
        type="email"
        withAsterisk={!props.member}
        disabled={Boolean(props.member)}
        description={props.member ? undefined : "An invitation to choose a password is sent here."}
        value={f.email}
        onChange={(e) => set("email", e.currentTarget.value)}
      />
      <SimpleGrid cols={2}>
        <Select
          label="Role"
          withAsterisk
          allowDeselect={false}
          data={roleOrder.map((r) => ({ value: String(r), label: ROLE_LABELS[r] }))}
          value={String(f.role_id)}
          onChange={(v) => v && set("role_id", Number(v))}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Home outlet"
          withAsterisk
          searchable
          data={outletGroups}
          value={f.home_outlet_id ? String(f.home_outlet_id) : null}
          onChange={(v) => set("home_outlet_id", v ? Number(v) : null)}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="home-region">
        Home region: {homeOutlet ? regionName(homeOutlet.region_id) : "follows the home outlet"}
      </Text>
    </VersionedModal>
  );
}
