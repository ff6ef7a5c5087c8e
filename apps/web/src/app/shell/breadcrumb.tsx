import { Anchor, Breadcrumbs, Text } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { PAGE_TITLES } from "./nav-items";

/** Home (→ customers) then the current screen (spec §2). */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const current = PAGE_TITLES[pathname];
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="›" fz="sm">
        <Anchor component={Link} to="/customers" size="sm">
          Home
        </Anchor>
        {current ? (
          <Text size="sm" aria-current="page">
            {current}
          </Text>
        ) : null}
      </Breadcrumbs>
    </nav>
  );
}
