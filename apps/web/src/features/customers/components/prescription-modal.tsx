import {
  createPrescription,
  detachPrescriptionFile,
  type FileWire,
  listCustomerPrescriptions,
  type PrescriptionWire,
  updatePrescription,
  uploadCustomerFiles,
} from "@loupe/contract";
import {
  axisAsStored,
  CATEGORIES,
  CYLINDER_CHOICES,
  categoryLabel,
  DEFAULT_CYLINDER,
  DEFAULT_SPHERE,
  FILE_DELETED_FROM_PRESCRIPTION,
  NEAR_ADD_ENUM,
  PRESCRIPTION_CREATED,
  PRESCRIPTION_UPDATED,
  PRISM_KEYS,
  type PrismKey,
  prescriptionSchema,
  prismKey,
  SPHERE_CHOICES,
  signedPrism,
} from "@loupe/domain";
import {
  Alert,
  Button,
  FileButton,
  Grid,
  Group,
  Image,
  List,
  Loader,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { CalendarDateInput } from "../../../components/calendar-date-input";
import { ConflictAlert } from "../../../components/conflict-alert";
import { NumericInput } from "../../../components/numeric-input";
import { callEndpoint } from "../../../lib/api-client";
import { errorList } from "../../../lib/errors";
import { useFileObjectUrl } from "../../../lib/file-blob";
import { useAction } from "../../../lib/use-action";
import { useCurrentUser, useOutlets, usePrescriptionSources } from "../../reference/use-reference-data";
import { useVersionConflict } from "../../reference/use-version-conflict";
import { TransposePanel } from "./transpose-panel";

type Eye = "right" | "left";
type Form = Record<string, string>;
const str = (v: unknown) => (v == null ? "" : String(v));
const num = (v: string) => (v.trim() === "" ? null : Number(v));

function initial(rx?: PrescriptionWire): Form {
  const sp = (rx?.spectacles ?? {}) as Record<string, any>;
  const cl = (rx?.contact_lens ?? {}) as Record<string, any>;
  const f: Form = {
    type_id: str(rx?.type_id ?? 1),
    category: rx?.category ?? "",
    add_type: rx?.add_type ?? "binocular",
    source_id: str(rx?.source_id ?? ""),
    outlet_id: str(rx?.outlet_id ?? ""),
    expiry_date: rx?.expiry_date_stamp && rx.expiry_date_stamp !== "Unspecified" ? rx.expiry_date_stamp : "",
    note: rx?.note ?? "",
    printed_note: rx?.printed_note ?? "",
  };
  for (const eye of ["right", "left"] as Eye[]) {
    f[`${eye}_sph`] = str(rx ? rx[`${eye}_sph`] : DEFAULT_SPHERE);
    f[`${eye}_cyl`] = str(rx ? rx[`${eye}_cyl`] : DEFAULT_CYLINDER);
    f[`${eye}_axis`] = str(rx?.[`${eye}_axis`]);
    f[`${eye}_near_add`] = str(sp[`${eye}_near_add`] ?? cl[`${eye}_near_add`]);
    f[`${eye}_int_add`] = str(sp[`${eye}_int_add`]);
    f[`${eye}_base_curve`] = str(cl[`${eye}_base_curve`]);
    f[`${eye}_diameter`] = str(cl[`${eye}_diameter`]);
  }
  for (const k of PRISM_KEYS) {
    const v = sp.prisms?.[k] as number | undefined;
    f[`prism_${k}`] = v == null ? "" : String(Math.abs(v));
    f[`prism_${k}_neg`] = v != null && v < 0 ? "1" : "";
  }
  for (const k of ["type", "brand", "supplier", "colour", "lens", "notes", "near_add_enum"])
    f[`cl_${k}`] = str(cl[k]);
  // On edit the binocular add is shown only when both eyes agree (spec §4).
  if (rx && f.right_near_add !== f.left_near_add) f.add_type = "monocular";
  return f;
}

function toPayload(f: Form) {
  const contact = f.type_id === "2";
  const prisms = Object.fromEntries(
    PRISM_KEYS.map((k) => {
      const m = num(f[`prism_${k}`]);
      const vertical = k.includes("vert");
      return [
        k,
        m == null
          ? null
          : signedPrism(m, f[`prism_${k}_neg`] ? (vertical ? "down" : "in") : vertical ? "up" : "out"),
      ];
    }),
  ) as Record<PrismKey, number | null>;
  return {
    type_id: Number(f.type_id) as 1 | 2,
    category: f.category || null,
    add_type: f.add_type as "binocular" | "monocular",
    right_sph: num(f.right_sph),
    right_cyl: num(f.right_cyl),
    // Labs read axis 0 as 180: sent as the server stores it.
    right_axis: axisAsStored(num(f.right_axis)),
    left_sph: num(f.left_sph),
    left_cyl: num(f.left_cyl),
    left_axis: axisAsStored(num(f.left_axis)),
    spectacles: contact
      ? null
      : {
          right_near_add: num(f.right_near_add),
          left_near_add: num(f.left_near_add),
          right_int_add: num(f.right_int_add),
          left_int_add: num(f.left_int_add),
          prisms,
        },
    contact_lens: contact
      ? {
          right_near_add: num(f.right_near_add),
          left_near_add: num(f.left_near_add),
          near_add_enum: (f.cl_near_add_enum || null) as "LOW" | "MEDIUM" | "HIGH" | null,
          right_base_curve: num(f.right_base_curve),
          left_base_curve: num(f.left_base_curve),
          right_diameter: num(f.right_diameter),
          left_diameter: num(f.left_diameter),
          type: f.cl_type || null,
          brand: f.cl_brand || null,
          supplier: f.cl_supplier || null,
          colour: f.cl_colour || null,
          lens: f.cl_lens || null,
          notes: f.cl_notes || null,
        }
      : null,
    source_id: Number(f.source_id) || (undefined as unknown as number),
    outlet_id: num(f.outlet_id),
    expiry_date: f.expiry_date || null,
    note: f.note || null,
    printed_note: f.printed_note || null,
  };
}

/** The fullscreen spectacle / contact-lens prescription form, with the file side panel when files are attached. */
export function PrescriptionModal(props: {
  customerId: number;
  prescription?: PrescriptionWire;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { prescription } = props;
  const [f, setF] = useState<Form>(() => initial(prescription));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [leftAddTouched, setLeftAddTouched] = useState(!!prescription);
  // The eye being entered from a plus-cylinder prescription (issue 52), if any.
  const [transposing, setTransposing] = useState<Eye | null>(null);
  const [attached, setAttached] = useState<FileWire[]>(prescription?.files ?? []);
  // The version this form was filled from; an edit sends it back (ADR 0007).
  const [version, setVersion] = useState(prescription?.version);
  const conflict = useVersionConflict();
  const { data: sources = [] } = usePrescriptionSources();
  const { data: outlets = [] } = useOutlets();
  const { data: me } = useCurrentUser();
  const { showAlert } = useAlert();
  const set = (k: string, v: string) => setF((s) => ({ ...s, [k]: v }));
  const contact = f.type_id === "2";

  /** Binocular: one add for both eyes. Monocular: typing right copies to left until left is edited. */
  const setAdd = (kind: "near" | "int", eye: Eye, v: string) =>
    setF((s) => {
      const next = { ...s, [`${eye}_${kind}_add`]: v };
      if (s.add_type === "binocular" || (eye === "right" && !leftAddTouched)) next[`left_${kind}_add`] = v;
      if (s.add_type === "binocular") next[`right_${kind}_add`] = v;
      return next;
    });

  const save = useAction(async () => {
    const payload = { ...toPayload(f), files: attached.map((file) => file.id) };
    const parsed = prescriptionSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message])));
      return;
    }
    setErrors({});
    setServerErrors([]);
    conflict.clear();
    try {
      if (prescription)
        await callEndpoint(updatePrescription, {
          params: { id: prescription.id },
          body: { ...payload, version } as never,
        });
      else
        await callEndpoint(createPrescription, { params: { id: props.customerId }, body: payload as never });
      showAlert({ variant: "success", message: prescription ? PRESCRIPTION_UPDATED : PRESCRIPTION_CREATED });
      props.onSaved();
      props.onClose();
    } catch (err) {
      if (!conflict.take(err)) setServerErrors(errorList(err));
    }
  });

  /** Someone else saved first: load their prescription into the form (replacing what was typed). */
  const reload = () =>
    conflict.reload(async () => {
      if (!prescription) return;
      const list = (
        await callEndpoint(listCustomerPrescriptions, {
          params: { id: prescription.customer_id ?? props.customerId },
          query: { with: "source,staff" },
        })
      ).data;
      const fresh = list.find((rx) => rx.id === prescription.id);
      if (!fresh) throw new Error("This prescription has been removed.");
      setF(initial(fresh));
      setAttached(fresh.files);
      setVersion(fresh.version);
      setErrors({});
      setServerErrors([]);
      props.onSaved();
    });

  const eyeRow = (eye: Eye) => (
    <Grid key={eye} align="flex-end">
      <Grid.Col span={1}>
        <Text fw={600} tt="capitalize">
          {eye}
        </Text>
      </Grid.Col>
      <Grid.Col span={2}>
        <Select
          label="Sphere"
          searchable
          data={SPHERE_CHOICES}
          value={f[`${eye}_sph`]}
          onChange={(v) => set(`${eye}_sph`, v ?? "")}
          error={errors[`${eye}_sph`]}
        />
      </Grid.Col>
      <Grid.Col span={2}>
        <Select
          label="Cylinder"
          searchable
          data={CYLINDER_CHOICES}
          value={f[`${eye}_cyl`]}
          onChange={(v) => set(`${eye}_cyl`, v ?? "")}
          error={errors[`${eye}_cyl`]}
        />
      </Grid.Col>
      <Grid.Col span={2}>
        <NumericInput
          label="Axis"
          aria-label={`${eye} axis`}
          value={f[`${eye}_axis`]}
          onChange={(e) => set(`${eye}_axis`, e.currentTarget.value)}
          error={errors[`${eye}_axis`]}
        />
      </Grid.Col>
      <Grid.Col span={2}>
        <NumericInput
          label="Near add"
          aria-label={`${eye} near add`}
          value={f[`${eye}_near_add`]}
          onChange={(e) => {
            if (eye === "left") setLeftAddTouched(true);
            setAdd("near", eye, e.currentTarget.value);
          }}
        />
      </Grid.Col>
      {!contact && (
        <Grid.Col span={2}>
          <NumericInput
            label="Int add"
            aria-label={`${eye} int add`}
            value={f[`${eye}_int_add`]}
            onChange={(e) => setAdd("int", eye, e.currentTarget.value)}
          />
        </Grid.Col>
      )}
      {contact && (
        <>
          <Grid.Col span={1}>
            <NumericInput
              label="BC"
              aria-label={`${eye} base curve`}
              value={f[`${eye}_base_curve`]}
              onChange={(e) => set(`${eye}_base_curve`, e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={1}>
            <NumericInput
              label="Dia"
              aria-label={`${eye} diameter`}
              value={f[`${eye}_diameter`]}
              onChange={(e) => set(`${eye}_diameter`, e.currentTarget.value)}
            />
          </Grid.Col>
        </>
      )}
    </Grid>
  );

  const prismField = (eye: Eye, at: "dist" | "near", axis: "horiz" | "vert") => {
    const k = prismKey(eye, at, axis);
    const vertical = axis === "vert";
    const name = `${eye === "right" ? "Right" : "Left"} ${at === "dist" ? "distance" : "near"} prism, ${vertical ? "vertical" : "horizontal"}`;
    return (
      <Table.Td key={k}>
        <Group gap={6} wrap="nowrap">
          <NumericInput
            w={72}
            size="xs"
            aria-label={name}
            value={f[`prism_${k}`]}
            onChange={(e) => set(`prism_${k}`, e.currentTarget.value)}
          />
          <Switch
            size="xs"
            aria-label={`${name} base`}
            label={f[`prism_${k}_neg`] ? (vertical ? "Down" : "In") : vertical ? "Up" : "Out"}
            checked={!!f[`prism_${k}_neg`]}
            onChange={(e) => set(`prism_${k}_neg`, e.currentTarget.checked ? "1" : "")}
          />
        </Group>
      </Table.Td>
    );
  };
  const prismGrid = (
    <Table withTableBorder withColumnBorders data-testid="prism-grid" style={{ width: "auto" }}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th rowSpan={2}>Prism</Table.Th>
          <Table.Th colSpan={2}>Distance</Table.Th>
          <Table.Th colSpan={2}>Near</Table.Th>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Horizontal (in / out)</Table.Th>
          <Table.Th>Vertical (up / down)</Table.Th>
          <Table.Th>Horizontal (in / out)</Table.Th>
          <Table.Th>Vertical (up / down)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {(["right", "left"] as Eye[]).map((eye) => (
          <Table.Tr key={eye}>
            <Table.Th>{eye === "right" ? "Right" : "Left"}</Table.Th>
            {prismField(eye, "dist", "horiz")}
            {prismField(eye, "dist", "vert")}
            {prismField(eye, "near", "horiz")}
            {prismField(eye, "near", "vert")}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );

  const files = attached;
  const attach = useAction(async (picked: File[]) => {
    const form = new FormData();
    for (const [i, file] of picked.entries()) form.append(`files[${i}]`, file, file.name);
    try {
      const res = await callEndpoint(uploadCustomerFiles, { params: { id: props.customerId }, body: form });
      setAttached((a) => [...a, ...res.data]);
    } catch (err) {
      setServerErrors(errorList(err));
    }
  });
  const detach = useAction(async (file: FileWire) => {
    if (prescription?.files.some((x) => x.id === file.id)) {
      try {
        await callEndpoint(detachPrescriptionFile, {
          params: { userId: props.customerId, id: prescription.id, fileId: file.id },
        });
      } catch (err) {
        setServerErrors(errorList(err));
        return;
      }
      showAlert({ variant: "success", message: FILE_DELETED_FROM_PRESCRIPTION });
      props.onSaved();
    }
    setAttached((a) => a.filter((x) => x.id !== file.id));
  });
  return (
    <Modal
      opened
      onClose={props.onClose}
      fullScreen
      title={prescription ? "Edit Prescription" : "New Prescription"}
    >
      <Grid>
        <Grid.Col span={files.length ? 8 : 12}>
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
                value={f.type_id}
                onChange={(v) => set("type_id", v)}
                data={[
                  { value: "1", label: "Spectacle" },
                  { value: "2", label: "Contact Lens" },
                ]}
              />
              <SegmentedControl
                value={f.add_type}
                onChange={(v) =>
                  setF((s) => ({
                    ...s,
                    add_type: v,
                    // Switching to binocular on a new prescription copies the right add to both sides.
                    ...(v === "binocular" && !prescription
                      ? { left_near_add: s.right_near_add, left_int_add: s.right_int_add }
                      : {}),
                  }))
                }
                data={[
                  { value: "binocular", label: "Binocular add" },
                  { value: "monocular", label: "Monocular add" },
                ]}
              />
              <Select
                w={150}
                placeholder="Category"
                aria-label="Category"
                clearable
                data={CATEGORIES.map((c) => ({ value: c, label: `Category ${categoryLabel(c)}` }))}
                value={f.category || null}
                onChange={(v) => set("category", v ?? "")}
              />
            </Group>
            {eyeRow("right")}
            {eyeRow("left")}
            {transposing ? (
              <TransposePanel
                eye={transposing}
                onClose={() => setTransposing(null)}
                onUse={(minus) => {
                  setF((s) => ({
                    ...s,
                    [`${transposing}_sph`]: String(minus.sph),
                    [`${transposing}_cyl`]: String(minus.cyl),
                    [`${transposing}_axis`]: String(minus.axis),
                  }));
                  setTransposing(null);
                }}
              />
            ) : (
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Written in plus cylinder?
                </Text>
                <Button size="xs" variant="light" onClick={() => setTransposing("right")}>
                  Transpose right eye
                </Button>
                <Button size="xs" variant="light" onClick={() => setTransposing("left")}>
                  Transpose left eye
                </Button>
              </Group>
            )}
            {!contact && (
              <>
                <Title order={5}>Prisms</Title>
                {prismGrid}
              </>
            )}
            {contact && (
              <SimpleGrid cols={4}>
                {(["type", "brand", "supplier", "colour", "lens"] as const).map((k) => (
                  <TextInput
                    key={k}
                    label={k[0].toUpperCase() + k.slice(1)}
                    value={f[`cl_${k}`]}
                    onChange={(e) => set(`cl_${k}`, e.currentTarget.value)}
                  />
                ))}
                <Select
                  label="Near add level"
                  data={[...NEAR_ADD_ENUM]}
                  clearable
                  value={f.cl_near_add_enum || null}
                  onChange={(v) => set("cl_near_add_enum", v ?? "")}
                />
                <TextInput
                  label="Lens notes"
                  value={f.cl_notes}
                  onChange={(e) => set("cl_notes", e.currentTarget.value)}
                />
              </SimpleGrid>
            )}
            <SimpleGrid cols={3}>
              <Select
                label="Source"
                withAsterisk
                data={sources
                  .filter((s) => s.slug !== "cg")
                  .map((s) => ({ value: String(s.id), label: s.name }))}
                value={f.source_id || null}
                onChange={(v) => set("source_id", v ?? "")}
                error={errors.source_id}
              />
              <Select
                label="Outlet"
                searchable
                clearable
                placeholder={me?.outlet?.name}
                data={outlets
                  .filter((o) => o.is_active)
                  .map((o) => ({ value: String(o.id), label: `${o.abbreviation} - ${o.name}` }))}
                value={f.outlet_id || null}
                onChange={(v) => set("outlet_id", v ?? "")}
              />
              <CalendarDateInput
                label="Expiry date"
                clearable
                value={f.expiry_date}
                onChange={(v) => set("expiry_date", v)}
                error={errors.expiry_date}
              />
            </SimpleGrid>
            <SimpleGrid cols={2}>
              <Textarea label="Note" value={f.note} onChange={(e) => set("note", e.currentTarget.value)} />
              <Textarea
                label="Printed note"
                value={f.printed_note}
                onChange={(e) => set("printed_note", e.currentTarget.value)}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <FileButton
                onChange={attach.run}
                accept=".jpeg,.jpg,.png,.bmp,.pdf,.doc,.docx"
                multiple
                disabled={attach.isPending}
              >
                {(buttonProps) => (
                  <Button variant="subtle" {...buttonProps} loading={attach.isPending}>
                    Attach file
                  </Button>
                )}
              </FileButton>
              <Button variant="default" onClick={props.onClose}>
                Cancel
              </Button>
              <Button onClick={save.run} loading={save.isPending}>
                {prescription ? "Save" : "Create"}
              </Button>
            </Group>
          </Stack>
        </Grid.Col>
        {files.length > 0 && (
          <Grid.Col span={4}>
            <Stack data-testid="prescription-files">
              {files.map((file) => (
                <Stack key={file.id} gap={4}>
                  <AttachedFilePreview file={file} />
                  <Group justify="space-between">
                    <Text size="xs">{file.file_name}</Text>
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="subtle"
                      loading={detach.isPending && detach.variables?.[0].id === file.id}
                      disabled={detach.isPending}
                      onClick={() => detach.run(file)}
                    >
                      Remove from prescription
                    </Button>
                  </Group>
                </Stack>
              ))}
            </Stack>
          </Grid.Col>
        )}
      </Grid>
    </Modal>
  );
}

/** An attached scan beside the form: an image, or a PDF in the browser's viewer, from a blob URL. */
function AttachedFilePreview({ file }: { file: FileWire }) {
  const { url } = useFileObjectUrl(file.full_path);
  if (!url) return <Loader size="sm" />;
  return file.full_thumbnail_path ? (
    <Image src={url} alt={file.file_name} radius="sm" />
  ) : (
    <iframe title={file.file_name} src={url} style={{ width: "100%", height: 480, border: 0 }} />
  );
}
