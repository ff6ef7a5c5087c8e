import { updateMeAddress } from "@loupe/contract";
import { isAdmin, isSelectableOutlet, navRegionId, REGION } from "@loupe/domain";
import { Group } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { LazySelect as Select } from "../../components/lazy-select";
import {
  useCurrentOutlet,
  useCurrentUser,
  useOutlets,
  useRegions,
} from "../../features/reference/use-reference-data";
import { callEndpoint } from "../../lib/api-client";
import { updateSessionUser } from "../../lib/session";
import { useAlert } from "../alert-context";

const NAV_REGIONS = [REGION.AU, REGION.NZ, REGION.CA];

/**
 * Region select plus the selectable outlets of that region (never Brunswick); saves with PUT /me.
 * A non-administrator is offered only their home region (ADR 0022; the server refuses the others).
 */
export function LocationSelector() {
  const { data: user } = useCurrentUser();
  const { data: regions = [] } = useRegions();
  const { data: outlets = [] } = useOutlets();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const currentOutlet = useCurrentOutlet();
  // The region shown follows the outlet in use (also when GET /me brings one saved elsewhere), so
  // the two selects always agree; a region picked here only browses until an outlet is saved.
  const [browsing, setBrowsing] = useState<number | null>(null);
  const regionId = browsing ?? navRegionId(currentOutlet?.region_id ?? user?.region_id);
  const setRegionId = setBrowsing;

  const homeRegion =
    user && !isAdmin(user) && user.home_region_id != null ? navRegionId(user.home_region_id) : null;
  const regionOptions = regions
    .filter((r) => NAV_REGIONS.includes(r.id as 1 | 2 | 5))
    .filter((r) => homeRegion === null || r.id === homeRegion)
    .map((r) => ({ value: String(r.id), label: r.country_code }));
  const outletOptions = useMemo(
    () =>
      outlets
        .filter((o) => o.region_id === regionId && isSelectableOutlet(o))
        .map((o) => ({ value: String(o.id), label: `${o.abbreviation} - ${o.name}` })),
    [outlets, regionId],
  );
  const currentOutletId = currentOutlet?.id;
  const outletValue = outletOptions.some((o) => o.value === String(currentOutletId))
    ? String(currentOutletId)
    : null;

  const save = useMutation({
    mutationFn: (body: { region_id: number; outlet_id: number }) => callEndpoint(updateMeAddress, { body }),
    onSuccess: (res) => {
      updateSessionUser(res.data);
      queryClient.setQueryData(["me"], res.data);
      setBrowsing(null);
      showAlert({ variant: "success", message: "Outlet changed" });
    },
    onError: () => showAlert({ variant: "danger", message: "Outlet couldn't change" }),
  });

  return (
    <Group gap="xs" wrap="nowrap" data-testid="location-selector">
      <Select
        aria-label="Region"
        w={90}
        size="xs"
        data={regionOptions}
        value={String(regionId)}
        allowDeselect={false}
        onChange={(v) => v && setRegionId(Number(v))}
      />
      <Select
        aria-label="Outlet"
        w={230}
        size="xs"
        placeholder="Choose an outlet"
        searchable
        data={outletOptions}
        value={outletValue}
        allowDeselect={false}
        onChange={(v) => v && save.mutate({ region_id: regionId, outlet_id: Number(v) })}
      />
    </Group>
  );
}
