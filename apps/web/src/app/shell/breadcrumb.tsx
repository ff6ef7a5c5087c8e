import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { NAV_TABS } from "./nav-tabs";

/** Home (→ customers) then the current screen. */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const current = NAV_TABS.find((t) => t.path === pathname);
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="›" fz="sm">
        <Anchor component={Link} to="/customers" size="sm">
          Home
        </Anchor>
        {current && current.path !== "/customers" ? <Text size="sm">{current.label}</Text> : null}
        {current?.path === "/customers" ? <Text size="sm">Customers</Text> : null}
      </Breadcrumbs>
    </nav>
  );
}
