// The Filters panel's choices and their address query, apart from the panel (its date pickers load
// only when the panel is first opened).

export interface PanelFilters {
  outlet_id: string[];
  dispense_status_id: string;
  item_dispense_status_id: string;
  created_start_at: string;
  created_end_at: string;
  priority: string;
  /** "owing": only the jobs with a balance due (issue 44). */
  balance: string;
}

/** The panel's choices as address-query values ("" removes a key). */
export const panelQuery = (f: PanelFilters): Record<string, string> => ({
  outlet_id: f.outlet_id.join(","),
  dispense_status_id: f.dispense_status_id,
  item_dispense_status_id: f.item_dispense_status_id,
  created_start_at: f.created_start_at,
  created_end_at: f.created_end_at,
  priority: f.priority,
  balance: f.balance,
});
