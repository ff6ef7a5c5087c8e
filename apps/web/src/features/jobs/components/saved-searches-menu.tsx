import type { SavedSearchWire } from "@loupe/contract";
import { Button } from "@mantine/core";
import { OnDemandMenu } from "../../../components/on-demand-menu";
import { onDemand } from "../../../lib/on-demand";
import { useSavedSearches } from "../api/saved-searches";

// The menu (Mantine's Menu, with the floating layer) loads on the first pointer over, focus or
// click of its button, not with the jobs list (issue 31: /jobs opened cold ≤ 200 KB).
const savedSearchesMenu = onDemand(() => import("./saved-searches-menu-open"));

/** Saved Searches: the user's filter names ("Empty" when none), each with a remove icon (spec §2). */
export function SavedSearchesMenu({ onApply }: { onApply: (search: SavedSearchWire) => void }) {
  // Read with the screen, as before the menu loaded on demand, so it opens onto the list.
  useSavedSearches();
  return (
    <OnDemandMenu
      menu={savedSearchesMenu}
      props={{ onApply }}
      trigger={<Button variant="default">Saved Searches</Button>}
    />
  );
}
