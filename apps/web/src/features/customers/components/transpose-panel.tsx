import { formatPower, PLUS_CYLINDER_VALUES, SPHERE_CHOICES, transposeCylinder } from "@loupe/domain";
import { Button, Group, Paper, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { NumericInput } from "../../../components/numeric-input";

const PLUS_CYLINDER_CHOICES = PLUS_CYLINDER_VALUES.map((v) => ({ value: String(v), label: formatPower(v) }));
const line = (sph: number, cyl: number, axis: number) =>
  `${formatPower(sph)} / ${formatPower(cyl)} × ${axis}`;

/**
 * One eye of a prescription written in plus cylinder (issue 52): staff type it as written, see it
 * beside its minus-cylinder form (the domain's `transposeCylinder`), and put that into the form.
 */
export function TransposePanel({
  eye,
  onUse,
  onClose,
}: {
  eye: "right" | "left";
  onUse: (minus: { sph: number; cyl: number; axis: number }) => void;
  onClose: () => void;
}) {
  const [sph, setSph] = useState<string>("0");
  const [cyl, setCyl] = useState<string | null>(null);
  const [axis, setAxis] = useState("");
  const a = axis.trim() === "" ? Number.NaN : Number(axis);
  const ready = cyl != null && Number.isInteger(a) && a >= 0 && a <= 180;
  const minus = ready ? transposeCylinder({ sph: Number(sph), cyl: Number(cyl), axis: a }) : null;
  const Eye = eye === "right" ? "Right" : "Left";
  return (
    <Paper withBorder p="sm" role="group" aria-label={`${Eye} eye in plus cylinder`}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {Eye} eye written in plus cylinder
        </Text>
        <Group align="flex-end">
          <Select
            label="Sphere"
            aria-label={`${eye} plus-cylinder sphere`}
            searchable
            data={SPHERE_CHOICES.filter((c) => c.value !== "")}
            value={sph}
            onChange={(v) => setSph(v ?? "0")}
            w={110}
          />
          <Select
            label="Plus cylinder"
            aria-label={`${eye} plus cylinder`}
            searchable
            data={PLUS_CYLINDER_CHOICES}
            value={cyl}
            onChange={setCyl}
            w={130}
          />
          <NumericInput
            label="Axis"
            aria-label={`${eye} plus-cylinder axis`}
            value={axis}
            onChange={(e) => setAxis(e.currentTarget.value)}
            error={
              axis.trim() !== "" && !ready && cyl != null ? "The axis must be between 0 and 180." : undefined
            }
            w={90}
          />
        </Group>
        {minus && (
          <Text size="sm" data-testid={`${eye}-transposed`}>
            As written: {line(Number(sph), Number(cyl), a)}. In minus cylinder:{" "}
            <strong>{line(minus.sph, minus.cyl, minus.axis)}</strong>
          </Text>
        )}
        <Group gap="xs">
          <Button size="xs" disabled={!minus} onClick={() => minus && onUse(minus)}>
            Use the minus-cylinder form
          </Button>
          <Button size="xs" variant="default" onClick={onClose}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
