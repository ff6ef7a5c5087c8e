import { Alert, Button, Group } from "@mantine/core";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { DUPLICATES_PATH, W } from "../merge-words";
import { useCustomerRule } from "../use-customer-rule";

type MergedState = { mergedFrom?: number; mergedInto?: { id: number; name: string } } | null;

/**
 * A merged-away customer's address answers with the kept customer (the server's 308, which fetch
 * follows): the address becomes the kept one's, so a copied link or a reload is the right record.
 */
export function useMergedRedirect(routeId: number, answered: { id: number; full_name: string } | undefined) {
  const navigate = useNavigate();
  const location = useLocation();
  const movedTo = answered && routeId > 0 && answered.id !== routeId ? answered : null;
  useEffect(() => {
    if (!movedTo) return;
    const state: MergedState = {
      mergedFrom: routeId,
      mergedInto: { id: movedTo.id, name: movedTo.full_name || `#${movedTo.id}` },
    };
    navigate(`/customers/${movedTo.id}${location.search}`, { replace: true, state });
  }, [movedTo, routeId, navigate, location.search]);
}

/** "This customer was merged into …", on the kept customer's page after the redirect. */
export function MergedNotice() {
  const state = useLocation().state as MergedState;
  if (!state?.mergedInto) return null;
  return (
    <Alert color="yellow" variant="light" mb="sm" data-testid="merged-notice" role="status">
      {W.mergedInto(state.mergedInto.name, state.mergedInto.id)}
    </Alert>
  );
}

/** The Customers page's way to the duplicates list: managers and administrators only. */
export function DuplicatesLink() {
  const decide = useCustomerRule();
  if (!decide("find_duplicates").allowed) return null;
  return (
    <Group gap={0}>
      <Button size="xs" variant="default" component={Link} to={DUPLICATES_PATH}>
        {W.showDuplicates}
      </Button>
    </Group>
  );
}
