import {
  applyFrameShape,
  type FrameData,
  type FrameShape,
  frameErrors,
  SHAPE_LABEL,
  sizeChoicesForShape,
  sizesDisabled,
} from "@loupe/domain";
import {
  Checkbox,
  ColorSwatch,
  Group,
  SegmentedControl,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { useState } from "react";
import { appConfig } from "../../lib/config";
import { useColoursOfType } from "./api";
import { StepButtons } from "./step-parts";

const SIZE_LABELS: Record<string, string> = { XS: "XS", S: "S", M: "M", L: "L", nd: "nd" };

/** Step 1 (§4 Frame shape): shape, frame and arm sizes, colours, existing-frame flag; Cancel and Confirm. */
export function FrameStep(props: {
  frame: FrameData;
  onChange: (next: FrameData, cause: "shape" | "frameSize" | "other") => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { frame } = props;
  const [tried, setTried] = useState(false);
  const { data: frameColours = [] } = useColoursOfType("Frame");
  const { data: armColours = [] } = useColoursOfType("Temple");
  const errors = frameErrors(frame);
  const shown = tried ? errors : {};
  const sizes = sizeChoicesForShape(frame.shape ?? "classic");
  const disabled = sizesDisabled(frame.shape);
  const sizeData = (frame.shape === "non-brand" ? ["nd"] : sizes).map((s) => ({
    value: s,
    label: SIZE_LABELS[s],
  }));
  const colourData = (list: { id: number; name: string; special: number }[]) =>
    list.map((c) => ({ value: String(c.id), label: c.special ? `${c.name} (special)` : c.name }));
  const hex = new Map([...frameColours, ...armColours].map((c) => [String(c.id), c.hex_code]));
  const swatchOption: SelectProps["renderOption"] = ({ option }) => (
    <Group gap="xs" wrap="nowrap">
      <ColorSwatch color={hex.get(option.value) ?? "#fff"} size={14} />
      <Text size="sm">{option.label}</Text>
    </Group>
  );
  const swatch = (id: number | null) =>
    id != null && hex.get(String(id)) ? <ColorSwatch color={hex.get(String(id))!} size={14} /> : null;
  const sizeSelect = (label: string, key: "frameSize" | "leftArmSize" | "rightArmSize", error?: string) => (
    <Select
      label={label}
      data={sizeData}
      value={frame[key]}
      disabled={disabled}
      allowDeselect={false}
      error={error}
      onChange={(v) => props.onChange({ ...frame, [key]: v }, key === "frameSize" ? "frameSize" : "other")}
    />
  );
  return (
    <Stack gap="sm" data-testid="frame-step">
      <div>
        <Text size="sm" fw={500} mb={4}>
          Frame shape
        </Text>
        <SegmentedControl
          aria-label="Frame shape"
          value={frame.shape ?? ""}
          data={(["classic", "round", "non-brand"] as FrameShape[]).map((s) => ({
            value: s,
            label: SHAPE_LABEL(s, appConfig.brand),
          }))}
          onChange={(v) => props.onChange(applyFrameShape(frame, v as FrameShape), "shape")}
        />
        {shown.shape && (
          <Text size="xs" c="red">
            {shown.shape}
          </Text>
        )}
      </div>
      <SimpleGrid cols={3}>
        {sizeSelect("Frame size", "frameSize", shown.frameSize)}
        {sizeSelect("Left Arm size", "leftArmSize", shown.leftArmSize)}
        {sizeSelect("Right Arm size", "rightArmSize", shown.rightArmSize)}
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <Select
          label="Frame color"
          data={colourData(frameColours)}
          value={frame.frameColor != null ? String(frame.frameColor) : null}
          renderOption={swatchOption}
          leftSection={swatch(frame.frameColor)}
          error={shown.frameColor}
          onChange={(v) => props.onChange({ ...frame, frameColor: v ? Number(v) : null }, "other")}
        />
        <Select
          label="Arm color"
          data={colourData(armColours)}
          value={frame.leftArmColor != null ? String(frame.leftArmColor) : null}
          renderOption={swatchOption}
          leftSection={swatch(frame.leftArmColor)}
          error={shown.armColor}
          onChange={(v) =>
            props.onChange(
              { ...frame, leftArmColor: v ? Number(v) : null, rightArmColor: v ? Number(v) : null },
              "other",
            )
          }
        />
      </SimpleGrid>
      <Checkbox
        label={`Existing ${appConfig.brand} frame`}
        checked={frame.isExistingFrame}
        onChange={(e) => props.onChange({ ...frame, isExistingFrame: e.currentTarget.checked }, "other")}
      />
      <Group justify="flex-end">
        <StepButtons
          onCancel={props.onCancel}
          onConfirm={() => {
            setTried(true);
            if (Object.keys(errors).length === 0) props.onConfirm();
          }}
        />
      </Group>
    </Stack>
  );
}
