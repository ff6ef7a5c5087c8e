import {
  CYLINDER_CHOICES,
  DEFAULT_GUEST_LENS_TYPE_ID,
  lensTypeId,
  normalisePdInput,
  pdSchema,
  prescriptionSchema,
  SPHERE_CHOICES,
} from "@loupe/domain";
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { NumericInput } from "../../components/numeric-input";
import { errorList } from "../../lib/errors";
import { useAction } from "../../lib/use-action";
import { usePdSources, usePrescriptionSources } from "../reference/use-reference-data";
import { createGuestPdRecord, createGuestPrescription, type PdWire, type PrescriptionWire } from "./api";

/** Add Prescription for a guest job: an anonymous prescription (no customer). */
export function GuestPrescriptionModal(props: {
  onClose: () => void;
  onSaved: (rx: PrescriptionWire) => void;
}) {
  const { data: sources = [] } = usePrescriptionSources();
  const [f, setF] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const set = (k: string) => (v: string | null) => setF((s) => ({ ...s, [k]: v ?? "" }));
  const n = (k: string) => (f[k] ? Number(f[k]) : null);
  const save = useAction(async () => {
    const add = n("near_add");
    const intAdd = n("int_add");
    const body = {
      type_id: 1,
      source_id: n("source_id") ?? 0,
      right_sph: n("right_sph"),
      left_sph: n("left_sph"),
      right_cyl: n("right_cyl"),
      left_cyl: n("left_cyl"),
      right_axis: n("right_axis"),
      left_axis: n("left_axis"),
      add_type: "binocular",
      spectacles: { right_near_add: add, left_near_add: add, right_int_add: intAdd, left_int_add: intAdd },
    };
    const parsed = prescriptionSchema.safeParse(body);
    if (!parsed.success) return setErrors(parsed.error.issues.map((i) => i.message));
    try {
      const res = await createGuestPrescription(body);
      props.onSaved(res.data);
      props.onClose();
    } catch (err) {
      setErrors(errorList(err));
    }
  });
  return (
    <GuestFormModal title="Add Prescription" errors={errors} save={save} onClose={props.onClose}>
      {(["right", "left"] as const).map((eye) => (
        <SimpleGrid cols={3} key={eye}>
          <Select
            label={`${eye} sphere`}
            data={SPHERE_CHOICES}
            value={f[`${eye}_sph`] ?? ""}
            onChange={set(`${eye}_sph`)}
            searchable
          />
          <Select
            label={`${eye} cylinder`}
            data={CYLINDER_CHOICES}
            value={f[`${eye}_cyl`] ?? ""}
            onChange={set(`${eye}_cyl`)}
          />
          <NumericInput
            label={`${eye} axis`}
            value={f[`${eye}_axis`] ?? ""}
            onChange={(e) => set(`${eye}_axis`)(e.currentTarget.value)}
          />
        </SimpleGrid>
      ))}
      <SimpleGrid cols={3}>
        <NumericInput
          label="Near add"
          value={f.near_add ?? ""}
          onChange={(e) => set("near_add")(e.currentTarget.value)}
        />
        <NumericInput
          label="Int add"
          value={f.int_add ?? ""}
          onChange={(e) => set("int_add")(e.currentTarget.value)}
        />
        <SourceSelect sources={sources} value={f.source_id} onChange={set("source_id")} />
      </SimpleGrid>
    </GuestFormModal>
  );
}

/** Create Pd for a guest job: a guest PD with the product's lens type (default 3). */
export function GuestPdModal(props: {
  lensType: string | null;
  onClose: () => void;
  onSaved: (pd: PdWire) => void;
}) {
  const { data: sources = [] } = usePdSources();
  const [f, setF] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const set = (k: string) => (v: string | null) => setF((s) => ({ ...s, [k]: v ?? "" }));
  const save = useAction(async () => {
    const raw = normalisePdInput({
      binocular_dist_pd: f.binocular_dist_pd ?? "",
      right_dist_pd: f.right_dist_pd ?? "",
      left_dist_pd: f.left_dist_pd ?? "",
      right_height_multifocal: f.right_height ?? "",
      left_height_multifocal: f.left_height ?? "",
      right_height_desk: props.lensType === "desk" ? (f.right_height ?? "") : "",
      left_height_desk: props.lensType === "desk" ? (f.left_height ?? "") : "",
      source_id: f.source_id ? Number(f.source_id) : undefined,
    });
    const parsed = pdSchema.safeParse(raw);
    if (!parsed.success) return setErrors(parsed.error.issues.map((i) => i.message));
    try {
      const res = await createGuestPdRecord({
        ...raw,
        lens_type: lensTypeId(props.lensType) ?? DEFAULT_GUEST_LENS_TYPE_ID,
      });
      props.onSaved(res.data);
      props.onClose();
    } catch (err) {
      setErrors(errorList(err));
    }
  });
  const input = (k: string, label: string) => (
    <NumericInput label={label} value={f[k] ?? ""} onChange={(e) => set(k)(e.currentTarget.value)} />
  );
  return (
    <GuestFormModal title="Create Pd" errors={errors} save={save} onClose={props.onClose}>
      <SimpleGrid cols={3}>
        {input("binocular_dist_pd", "binocular distance PD")}
        {input("right_dist_pd", "right distance PD")}
        {input("left_dist_pd", "left distance PD")}
        {input("right_height", "right height")}
        {input("left_height", "left height")}
        <SourceSelect sources={sources} value={f.source_id} onChange={set("source_id")} />
      </SimpleGrid>
    </GuestFormModal>
  );
}

/** The two guest forms' frame: the errors above the fields, Cancel and Create below them. */
function GuestFormModal(props: {
  title: string;
  errors: string[];
  save: { run: () => void; isPending: boolean };
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={props.onClose} title={props.title} size="lg">
      <Stack gap="sm">
        {props.errors.map((e) => (
          <Text key={e} c="red" size="sm">
            {e}
          </Text>
        ))}
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => props.save.run()} loading={props.save.isPending}>
            Create
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function SourceSelect(props: {
  sources: { id: number; name: string }[];
  value: string | undefined;
  onChange: (v: string | null) => void;
}) {
  return (
    <Select
      label="Source"
      data={props.sources.map((s) => ({ value: String(s.id), label: s.name }))}
      value={props.value ?? null}
      onChange={props.onChange}
    />
  );
}
