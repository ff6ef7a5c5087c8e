import { ActionIcon, Badge, Button, Checkbox, Group, Stack, Switch, Text } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { describe, expect, it } from "vitest";
import { markupOf } from "../test/markup";
import {
  PlainActionIcon,
  PlainBadge,
  PlainCheckbox,
  PlainCompactButton,
  PlainSwitch,
  plainGroup,
  plainStack,
  plainText,
} from "./plain-mantine";

const noop = () => {};

describe("the jobs row's parts draw Mantine's own markup", () => {
  it("Text, Stack and Group", () => {
    expect(
      markupOf(
        plainStack(
          0,
          <>
            {plainText("sm", "Today", { fontWeight: 600 })}
            {plainText("xs", "27th Nov 2026, 9am", { color: "var(--mantine-color-dimmed)" })}
          </>,
        ),
      ),
    ).toBe(
      markupOf(
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            Today
          </Text>
          <Text size="xs" c="dimmed">
            27th Nov 2026, 9am
          </Text>
        </Stack>,
      ),
    );
    expect(
      markupOf(
        plainStack(
          2,
          <>
            {plainText("sm", "3rd Dec 2026", { color: "var(--mantine-color-red-8)", fontWeight: 700 })}
            {plainGroup(4, "x")}
          </>,
          "flex-start",
        ),
      ),
    ).toBe(
      markupOf(
        <Stack gap={2} align="flex-start">
          <Text size="sm" fw={700} c="red.8">
            3rd Dec 2026
          </Text>
          <Group gap={4}>x</Group>
        </Stack>,
      ),
    );
    expect(markupOf(plainText("sm", "—"))).toBe(markupOf(<Text size="sm">—</Text>));
  });

  it("Badge, filled and light", () => {
    for (const [color, size, variant] of [
      ["red", "sm", "filled"],
      ["orange", "sm", "light"],
      ["red", "xs", "light"],
    ] as const)
      expect(
        markupOf(
          <PlainBadge color={color} size={size} variant={variant} data-testid="b">
            Late
          </PlainBadge>,
        ),
      ).toBe(
        markupOf(
          <Badge color={color} size={size} variant={variant} data-testid="b">
            Late
          </Badge>,
        ),
      );
  });

  it("ActionIcon and compact Button", () => {
    expect(
      markupOf(
        <PlainActionIcon aria-label="Actions for X">
          <IconDots size={16} />
        </PlainActionIcon>,
      ),
    ).toBe(
      markupOf(
        <ActionIcon variant="subtle" aria-label="Actions for X">
          <IconDots size={16} />
        </ActionIcon>,
      ),
    );
    for (const color of ["blue", "gray"])
      expect(
        markupOf(
          <PlainCompactButton color={color} aria-label="2 notes of X">
            2
          </PlainCompactButton>,
        ),
      ).toBe(
        markupOf(
          <Button size="compact-xs" variant="light" color={color} aria-label="2 notes of X">
            2
          </Button>,
        ),
      );
  });

  it("Checkbox, each state", () => {
    for (const [checked, indeterminate, disabled] of [
      [false, false, false],
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ])
      expect(
        markupOf(
          <PlainCheckbox
            aria-label="Select X"
            checked={checked}
            indeterminate={indeterminate}
            disabled={disabled}
            onChange={noop}
          />,
        ),
      ).toBe(
        markupOf(
          <Checkbox
            aria-label="Select X"
            checked={checked}
            indeterminate={indeterminate}
            disabled={disabled}
            onChange={noop}
          />,
        ),
      );
  });

  it("Switch, each state, its label naming its input", () => {
    for (const [checked, disabled] of [
      [false, false],
      [true, false],
      [true, true],
    ])
      expect(
        markupOf(
          <PlainSwitch
            id="s"
            aria-label="Priority of X"
            color="red"
            checked={checked}
            disabled={disabled}
            onChange={noop}
          />,
        ),
      ).toBe(
        markupOf(
          <Switch
            aria-label="Priority of X"
            color="red"
            checked={checked}
            disabled={disabled}
            onChange={noop}
          />,
        ),
      );
  });
});
