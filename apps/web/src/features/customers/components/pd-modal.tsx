import { createPd, getPd, type PdWire, updatePd } from "@loupe/contract";
import {
  AVERAGE_HEIGHTS,
  FRAME_SIZES,
  GLASS_SHAPES,
  type GlassShape,
  isComplexPd,
  normalisePdInput,
  PD_CREATED,
  PD_FIELD_LABELS,
  PD_HEIGHT_FIELDS,
  PD_UPDATED,
  PD_WIDTH_FIELDS,
  pdSchema,
  SHAPE_LABEL,
  sizesForShape,
} from "@loupe/domain";
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { ConflictAlert } from "../../../components/conflict-alert";
import { NumericInput } from "../../../components/numeric-input";
import { callEndpoint } from "../../../lib/api-client";
import { appConfig } from "../../../lib/config";
import { errorList } from "../../../lib/errors";
import { useAction } from "../../../lib/use-action";
import { useOutlets, usePdSources } from "../../reference/use-reference-data";
import { useVersionConflict } from "../../reference/use-version-conflict";

const SIMPLE = ["binocular_dist_pd", "right_dist_pd", "left_dist_pd"] as const;

function initialValues(pd?: PdWire): Record<string, string> {
  const init: Record<string, string> = {};
  for (const f of [...PD_WIDTH_FIELDS, ...PD_HEIGHT_FIELDS]) init[f] = pd?.[f] == null ? "" : String(pd[f]);
  init.frame_size = pd?.frame_size ?? "";
  init.arm_size = pd?.arm_size ?? "";
  init.glass_shape_type = pd?.glass_shape_type ?? "classic";
  init.note = pd?.note ?? "";
  init.source_id = pd ? String(pd.source_id) : "";
  init.outlet_id = pd?.outlet_id ? String(pd.outlet_id) : "";
  return init;
}

/** New / edit / duplicate PD: Simple or Complex widths, heights, frame shape and sizes, source, outlet, notes. */
export function PdModal(props: {
  /** Null for a guest's PD, which is only ever edited here (guests create theirs in the job edit panel). */
  customerId: number | null;
  pd?: PdWire;
  mode: "new" | "edit" | "duplicate";
  onClose: () => void;
  onSaved: () => void;
}) {
  const { pd, mode } = props;
  const [f, setF] = useState(() => initialValues(pd));
  const [complex, setComplex] = useState(pd ? pd.is_complex : false);
  // The version this form was filled from; an edit sends it back (ADR 0007).
  const [version, setVersion] = useState(pd?.version);
  const conflict = useVersionConflict();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [showHeights, setShowHeights] = useState(false);
  const { data: sources = [] } = usePdSources();
  const { data: outlets = [] } = useOutlets();
  const { showAlert } = useAlert();
  const set = (k: string, v: string) => setF((s) => ({ ...s, [k]: v }));

  const save = useAction(async () => {
    const raw = normalisePdInput({
      ...Object.fromEntries(Object.entries(f).filter(([k]) => complex || !/_(int|reading)_pd$/.test(k))),
      source_id: f.source_id ? Number(f.source_id) : undefined,
      outlet_id: f.outlet_id ? Number(f.outlet_id) : null,
      frame_size: f.frame_size || null,
      arm_size: f.arm_size || null,
    });
    const parsed = pdSchema.safeParse(raw);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message])));
      return;
    }
    setErrors({});
    setServerErrors([]);
    conflict.clear();
    try {
      if (mode === "edit" && pd)
        await callEndpoint(updatePd, { params: { id: pd.id }, body: { ...raw, version } as never });
      else await callEndpoint(createPd, { body: { ...raw, customer_user_id: props.customerId } as never });
      showAlert({ variant: "success", message: mode === "edit" ? PD_UPDATED : PD_CREATED });
      props.onSaved();
      props.onClose();
    } catch (err) {
      if (!conflict.take(err)) setServerErrors(errorList(err));
    }
  });

  /** Someone else saved first: load their PD into the form (replacing what was typed) and its version. */
  const reload = () =>
    conflict.reload(async () => {
      if (!pd) return;
      const fresh = (await callEndpoint(getPd, { params: { id: pd.id } })).data;
      setF(initialValues(fresh));
      setComplex(fresh.is_complex);
      setVersion(fresh.version);
      setErrors({});
      setServerErrors([]);
      props.onSaved();
    });

  const field = (k: (typeof PD_WIDTH_FIELDS)[number] | (typeof PD_HEIGHT_FIELDS)[number]) => (
    <NumericInput
      key={k}
      label={PD_FIELD_LABELS[k]}
      value={f[k]}
      onChange={(e) => set(k, e.currentTarget.value)}
      error={errors[k]}
    />
  );
  const widths = complex ? PD_WIDTH_FIELDS : SIMPLE;
  return (
    <Modal
      opened
      onClose={props.onClose}
      size="xl"
      title={mode === "edit" ? "Edit PD" : mode === "duplicate" ? "Duplicate PD" : "New PD"}
    >
      <Stack gap="sm">
        {conflict.message && (
          <ConflictAlert message={conflict.message} reloading={conflict.reloading} onReload={reload} />
        )}
        {serverErrors.length > 0 && (
          <Alert color="red" variant="light">
            <List size="sm">
              {serverErrors.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group>
          <SegmentedControl
            value={f.glass_shape_type}
            onChange={(v) =>
              setF((s) => {
                // Capote has no XS (it becomes S); Non-brand frames have no sizes at all (nd).
                const sized = sizesForShape(v as GlassShape, {
                  frame: s.frame_size || null,
                  left_arm: s.arm_size || null,
                  right_arm: s.arm_size || null,
                });
                return {
                  ...s,
                  glass_shape_type: v,
                  frame_size: sized.frame ?? "",
                  arm_size: sized.left_arm ?? "",
                };
              })
            }
            data={GLASS_SHAPES.map((s) => ({ value: s, label: SHAPE_LABEL(s, appConfig.brand) }))}
          />
          <Select
            w={110}
            label="Frame size"
            data={
              f.glass_shape_type === "non-brand"
                ? ["nd"]
                : f.glass_shape_type === "round"
                  ? FRAME_SIZES.filter((x) => x !== "XS")
                  : [...FRAME_SIZES]
            }
            value={f.frame_size || null}
            onChange={(v) => set("frame_size", v ?? "")}
            disabled={f.glass_shape_type === "non-brand"}
          />
          <Select
            w={110}
            label="Arm size"
            data={
              f.glass_shape_type === "non-brand"
                ? ["nd"]
                : f.glass_shape_type === "round"
                  ? FRAME_SIZES.filter((x) => x !== "XS")
                  : [...FRAME_SIZES]
            }
            value={f.arm_size || null}
            onChange={(v) => set("arm_size", v ?? "")}
            disabled={f.glass_shape_type === "non-brand"}
          />
          <SegmentedControl
            value={complex ? "complex" : "simple"}
            onChange={(v) => setComplex(v === "complex" || isComplexPd(normalisePdInput(f) as never))}
            data={[
              { value: "simple", label: "Simple" },
              { value: "complex", label: "Complex" },
            ]}
          />
        </Group>
        <SimpleGrid cols={3}>{widths.map(field)}</SimpleGrid>
        <Group justify="space-between">
          <Title order={5}>Height</Title>
          <Button size="xs" variant="subtle" onClick={() => setShowHeights(true)}>
            Shape Height Conversion
          </Button>
        </Group>
        <SimpleGrid cols={4}>{PD_HEIGHT_FIELDS.map(field)}</SimpleGrid>
        <SimpleGrid cols={2}>
          <Select
            label="Source"
            withAsterisk
            data={sources.map((s) => ({ value: String(s.id), label: s.name }))}
            value={f.source_id || null}
            onChange={(v) => set("source_id", v ?? "")}
            error={errors.source_id}
          />
          <Select
            label="Outlet"
            searchable
            clearable
            data={outlets
              .filter((o) => o.is_active)
              .map((o) => ({ value: String(o.id), label: `${o.abbreviation} - ${o.name}` }))}
            value={f.outlet_id || null}
            onChange={(v) => set("outlet_id", v ?? "")}
          />
        </SimpleGrid>
        <Textarea label="Notes" value={f.note} onChange={(e) => set("note", e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={save.run} loading={save.isPending}>
            {mode === "edit" ? "Save" : "Create"}
          </Button>
        </Group>
      </Stack>
      <Modal opened={showHeights} onClose={() => setShowHeights(false)} title="Shape Height Conversion">
        <Text size="sm" mb="xs">
          Average heights (mm), Original to Capote:
        </Text>
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Size</Table.Th>
              <Table.Th>Bifocal</Table.Th>
              <Table.Th>Multifocal</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {AVERAGE_HEIGHTS.map((h) => (
              <Table.Tr key={h.size}>
                <Table.Td>{h.size}</Table.Td>
                <Table.Td>
                  {h.bifocal[0]} → {h.bifocal[1]}
                </Table.Td>
                <Table.Td>
                  {h.multifocal[0]} → {h.multifocal[1]}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </Modal>
  );
}
