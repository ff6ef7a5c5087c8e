// What other modules may use of the catalogue (ADR 0056). Its tables are not here: another module
// reads region_products, lenses and lens_addon_combinations only in its own *.queries.ts.

export { IMPORTED_ITEM_SKU, importedItemProducts } from "./catalogue.import";
export { productsWithIds, type RegionProductRow } from "./catalogue.reads";
export { registerCatalogueRoutes } from "./catalogue.routes";
