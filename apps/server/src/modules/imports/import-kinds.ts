// Every kind the engine can import: one handler per kind, each in kinds/<kind>.ts. A kind not
// listed here is refused at upload ("This kind of record cannot be imported yet.").
import type { ImportKind } from "@loupe/domain";
import type { ImportKindHandler } from "./import-kind";
import { customersKind } from "./kinds/customers";

export const IMPORT_KIND_HANDLERS: Partial<Record<ImportKind, ImportKindHandler<any, any>>> = {
  customers: customersKind,
};
