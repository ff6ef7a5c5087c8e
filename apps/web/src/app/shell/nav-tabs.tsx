import { ADMIN_ROLE_ID } from "@loupe/domain";
import { Tabs } from "@mantine/core";
import { useLocation, useNavigate } from "react-router";
import { useCurrentUser } from "../../features/reference/use-reference-data";
import { NAV_TABS } from "./nav-items";

/** The tab bar under the top bar; a tab is a route, so the URL stays the source of truth. */
export function NavTabs() {
  const location = useLocation();
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const tabs = NAV_TABS.filter((t) => !t.adminOnly || user?.role_id === ADMIN_ROLE_ID);
  const active = tabs.find((t) => location.pathname === t.path)?.path ?? null;
  return (
    <Tabs value={active} onChange={(v) => v && navigate(v)} variant="default">
      <Tabs.List style={{ flexWrap: "nowrap", overflowX: "auto", overflowY: "hidden" }}>
        {tabs.map((t) => (
          // 12 px either side rather than Mantine's 16: every tab (Recalls made fifteen) fits at 1440 px.
          <Tabs.Tab key={t.path} value={t.path} px="sm" style={{ whiteSpace: "nowrap" }}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
