import type { TabWire } from "@loupe/contract";
import { abbreviateCount, customFilterDefinition, isWorkshopFilter, JOBS_DEFAULT_SORT } from "@loupe/domain";
import { Group, Tabs, Text } from "@mantine/core";
import { brandSlug } from "../../../lib/config";
import { useJobTabs } from "../api/jobs-queries";

const LATE_ORDERS = "late-orders";
/** The workshop tabs' colours (issue 27): late red like Late Orders, at risk orange, the shelf teal and grape. */
const TAB_COLOURS: Record<string, string> = {
  "late-orders": "red",
  late: "red",
  "at-risk": "orange",
  ready: "teal",
  uncollected: "grape",
  "due-today": "blue",
};
const tabValue = (t: TabWire) => t.customFilter ?? `status-${t.defaultQuery.dispense_status_id}`;

/**
 * The status tabs with abbreviated counts (spec §2); Late Orders in the danger style. A tab
 * starts at page 1: status tabs newest first, custom filters in their own order (spec §4).
 */
export function tabQuery(t: TabWire): Record<string, string | number> {
  if (t.customFilter) {
    try {
      const def = customFilterDefinition(t.customFilter, brandSlug);
      return { ...t.defaultQuery, page: 1, sort_by: def.sort_by, sort_direction: def.sort_direction };
    } catch {
      // An unknown custom filter still lands in the address; the list then shows its error.
      return { ...t.defaultQuery, customFilter: t.customFilter, page: 1 };
    }
  }
  return { ...t.defaultQuery, ...JOBS_DEFAULT_SORT };
}

export function JobsTabs({
  customFilter,
  dispenseStatusId,
  onChoose,
  withWorkshopTabs = true,
}: {
  customFilter: string;
  dispenseStatusId: string;
  onChoose: (query: Record<string, string | number>) => void;
  /** The workshop tabs (issue 27) are the SQL list's: the search index holds no promises. */
  withWorkshopTabs?: boolean;
}) {
  const { data: all = [] } = useJobTabs();
  const tabs = withWorkshopTabs ? all : all.filter((t) => !isWorkshopFilter(t.customFilter));
  const active = customFilter || (dispenseStatusId ? `status-${dispenseStatusId}` : null);
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        const tab = tabs.find((t) => tabValue(t) === value);
        if (tab) onChoose(tabQuery(tab));
      }}
      mb="sm"
    >
      {/* The strip wraps rather than scrolls: Late Orders and Go Orders, last in the list, stay in sight. */}
      <Tabs.List style={{ flexWrap: "wrap" }}>
        {tabs.map((t) => {
          const late = t.slug === LATE_ORDERS;
          const colour = TAB_COLOURS[t.slug];
          return (
            <Tabs.Tab
              key={t.slug}
              value={tabValue(t)}
              color={late ? "red" : undefined}
              c={late ? "red" : undefined}
              fw={late ? 700 : undefined}
              style={{ whiteSpace: "nowrap" }}
              // Which jobs the tab holds ("Late Orders" and "Past promised date" count different
              // ones): read out after the name, and shown on hover.
              aria-description={t.description}
              title={t.description}
            >
              <Group gap={6} wrap="nowrap">
                {t.display_name}
                <Text
                  span
                  size="xs"
                  fw={700}
                  px={6}
                  bg={late ? "red" : colour && t.total ? `${colour}.1` : "gray.1"}
                  c={late ? "white" : colour && t.total ? `${colour}.9` : "dark"}
                  style={{ borderRadius: 10 }}
                  data-testid={`tab-count-${t.slug}`}
                >
                  {abbreviateCount(t.total, t.total_kind)}
                </Text>
              </Group>
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}
