import { Tabs } from "@mantine/core";
import { useLocation, useNavigate } from "react-router";
import { appConfig, brandSlug } from "../../lib/config";

export const NAV_TABS = [
  { path: "/customers", label: "Customers" },
  { path: "/customers-meili", label: "Customers MEILI" },
  { path: "/jobs", label: "Jobs" },
  { path: "/jobs-search", label: "Beta Jobs" },
  { path: "/jobs-meili", label: "Jobs MEILI" },
  { path: `/jobs-${brandSlug}go`, label: `${appConfig.brand}GO Jobs` },
  { path: "/promos", label: "Promos & Campaigns" },
  { path: "/newsletter-users", label: "Newsletter Subscribers" },
  { path: "/staffs", label: "Staffs" },
  { path: "/outbox", label: "Outbox" },
  { path: "/settings", label: "Settings" },
];

export function NavTabs() {
  const location = useLocation();
  const navigate = useNavigate();
  const active = NAV_TABS.find((t) => location.pathname === t.path)?.path ?? null;
  return (
    <Tabs value={active} onChange={(v) => v && navigate(v)} variant="default">
      <Tabs.List style={{ flexWrap: "nowrap", overflowX: "auto" }}>
        {NAV_TABS.map((t) => (
          <Tabs.Tab key={t.path} value={t.path} style={{ whiteSpace: "nowrap" }}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
