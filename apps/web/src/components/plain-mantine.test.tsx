import { ActionIcon, Badge, Button, Checkbox, Group, Stack, Switch, Text } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { createElement, type ElementType } from "react";
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

/**
 * A plain part and the Mantine component it stands for, given the same props (and each its own
 * extras: the props the plain part fixes, or needs), draw the same markup.
 */
function expectDrawnAlike(
  Plain: ElementType,
  Real: ElementType,
  props: Record<string, unknown>,
  extra: { plain?: Record<string, unknown>; real?: Record<string, unknown> } = {},
) {
  expect(markupOf(createElement(Plain, { ...props, ...extra.plain }))).toBe(
    markupOf(createElement(Real, { ...props, ...extra.real })),
  );
}

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
      expectDrawnAlike(PlainBadge, Badge, { color, size, variant, "data-testid": "b", children: "Late" });
  });

  it("ActionIcon and compact Button", () => {
    expectDrawnAlike(
      PlainActionIcon,
      ActionIcon,
      { "aria-label": "Actions for X", children: <IconDots size={16} /> },
      { real: { variant: "subtle" } },
    );
    for (const color of ["blue", "gray"])
      expectDrawnAlike(
        PlainCompactButton,
        Button,
        { color, "aria-label": "2 notes of X", children: "2" },
        { real: { size: "compact-xs", variant: "light" } },
      );
  });

  it("Checkbox, each state", () => {
    for (const [checked, indeterminate, disabled] of [
      [false, false, false],
      [true, false, false],
      [false, true, false],
      [false, false, true],
    ])
      expectDrawnAlike(PlainCheckbox, Checkbox, {
        "aria-label": "Select X",
        checked,
        indeterminate,
        disabled,
        onChange: noop,
      });
  });

  it("Switch, each state, its label naming its input", () => {
    for (const [checked, disabled] of [
      [false, false],
      [true, false],
      [true, true],
    ])
      expectDrawnAlike(
        PlainSwitch,
        Switch,
        { "aria-label": "Priority of X", color: "red", checked, disabled, onChange: noop },
        { plain: { id: "s" } },
      );
  });
});
