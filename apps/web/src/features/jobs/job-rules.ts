// The domain rules the jobs screens use, gathered in one import.
export {
  abbreviateCount,
  activeFilterCount,
  customerLabel,
  DEFAULT_OUTLET_NAME,
  EXCLUDED_OUTLET_NAME,
  isBatchSelectable,
  isFixedOrderStatus,
  isSearchTooShort,
  orderDisplayStatus,
  SEARCH_TOO_SHORT,
  STATUS_CHANGED_MESSAGE,
} from "@loupe/domain";
