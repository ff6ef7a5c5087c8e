import {
  createCatalogueProduct,
  getCatalogueProduct,
  importCatalogue,
  listCatalogueProducts,
  listSupplierLenses,
  restoreCatalogueProduct,
  retireCatalogueProduct,
  setSupplierLensCode,
  updateCatalogueProduct,
} from "@loupe/contract";
import { CATALOGUE_MESSAGES, SUPPLIER_MESSAGES } from "@loupe/domain";
import type { ModuleContext } from "../module-context";
import { createCatalogueService } from "./catalogue.service";
import { createLensCodes } from "./lens-codes";

export function registerCatalogueRoutes({ bind, db }: ModuleContext): void {
  const service = createCatalogueService({ db });
  bind(listCatalogueProducts, ({ query }) => service.list(query));
  bind(getCatalogueProduct, async ({ params }) => ({ data: await service.get(params.id) }));
  bind(createCatalogueProduct, async ({ staff, body }) => ({
    message: CATALOGUE_MESSAGES.created,
    data: await service.create(staff, body),
  }));
  bind(updateCatalogueProduct, async ({ staff, params, body }) => ({
    message: CATALOGUE_MESSAGES.saved,
    data: await service.update(staff, params.id, body),
  }));
  bind(retireCatalogueProduct, async ({ staff, params, body }) => ({
    message: CATALOGUE_MESSAGES.retired,
    data: await service.setRetired(staff, params.id, body.version, true),
  }));
  bind(restoreCatalogueProduct, async ({ staff, params, body }) => ({
    message: CATALOGUE_MESSAGES.restored,
    data: await service.setRetired(staff, params.id, body.version, false),
  }));
  bind(importCatalogue, async ({ staff, body }) => {
    const data = await service.import(staff, body.csv, body.dry_run);
    return {
      message: data.dry_run
        ? CATALOGUE_MESSAGES.checked(data.rows)
        : CATALOGUE_MESSAGES.imported(data.created, data.updated),
      data,
    };
  });
  // The lens catalogue's supplier codes, edited in the supplier's settings (ADR 0032).
  const lensCodes = createLensCodes({ db });
  bind(listSupplierLenses, async ({ params }) => ({ data: await lensCodes.list(params.id) }));
  bind(setSupplierLensCode, async ({ staff, params, body }) => ({
    message: SUPPLIER_MESSAGES.lensCodeSaved,
    data: await lensCodes.set(staff, params.id, params.lensId, body.lens_code),
  }));
}
