import { type CatalogueProductWire, listCatalogueProductsAddress } from "@loupe/contract";
import { isSearchTooShort } from "@loupe/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../lib/api-client";

// The item picker's reads of the catalogue (issue 44): a search by name, SKU or barcode's start,
// and the exact product a scanner read, both in the region of the outlet the quote is made at. By
// address: the picker is on the quote opened cold (issue 31).

export type CatalogueProduct = CatalogueProductWire;

export const CATALOGUE_PICK_PAGE = 8;

export const useCatalogueSearch = (q: string, regionId: number | null) =>
  useQuery({
    queryKey: ["catalogue", "pick", regionId, q],
    enabled: regionId != null && q.length > 0 && !isSearchTooShort(q),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await callEndpoint(listCatalogueProductsAddress, {
          query: { q, region_id: String(regionId), per_page: String(CATALOGUE_PICK_PAGE) },
        })
      ).data,
  });

/** The region's product a scanned barcode names, or null when the catalogue has none. */
export async function productByBarcode(barcode: string, regionId: number): Promise<CatalogueProduct | null> {
  const found = await callEndpoint(listCatalogueProductsAddress, {
    query: { barcode, region_id: String(regionId), per_page: "1" },
  });
  return found.data[0] ?? null;
}
