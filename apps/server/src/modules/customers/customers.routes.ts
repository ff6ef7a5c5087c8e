import {
  createCustomer,
  getCustomer,
  getCustomerHistory,
  listCustomers,
  listCustomersLegacy,
  searchCustomersIndex,
  updateCustomer,
} from "@loupe/contract";
import { MERGE_MESSAGES } from "@loupe/domain";
import type { ModuleContext } from "../module-context";
import { createCustomersService } from "./customers.service";

export function registerCustomersRoutes({ bind, database, search, slots }: ModuleContext): void {
  const service = createCustomersService({ database, search, slots });
  const paged = async (query: Parameters<typeof service.list>[0]) => {
    const { rows, total, totalKind, page, perPage } = await service.list(query);
    return {
      data: rows,
      meta: {
        pagination: {
          total,
          total_kind: totalKind,
          count: rows.length,
          per_page: perPage,
          current_page: page,
          total_pages: Math.max(1, Math.ceil(total / perPage)),
        },
      },
    };
  };
  bind(listCustomers, ({ query }) => paged(query));
  bind(listCustomersLegacy, ({ query }) => paged(query));
  bind(searchCustomersIndex, async ({ query }) => ({ data: await service.searchIndex(query) }));
  bind(getCustomer, async ({ params, reply }) => {
    const answer = await service.getOrRedirect(params.id);
    if ("data" in answer) return answer;
    // A merged customer (issue 46): its id answers where the person's record now is.
    reply.status(308).header("location", `/api/staff/customers/${answer.mergedInto}`);
    return { message: MERGE_MESSAGES.mergedInto, merged_into: answer.mergedInto };
  });
  bind(getCustomerHistory, async ({ params, query, reply }) => {
    const answer = await service.history(params.id, query.page, query.per_page);
    if (!("mergedInto" in answer)) return answer;
    reply.status(308).header("location", `/api/staff/customers/${answer.mergedInto}/history`);
    return { message: MERGE_MESSAGES.mergedInto, merged_into: answer.mergedInto };
  });
  bind(createCustomer, async ({ staff, body, reply }) => {
    reply.status(201);
    return { data: await service.create(staff, body) };
  });
  bind(updateCustomer, async ({ staff, params, body }) => ({
    data: await service.update(staff, params.id, body),
  }));
}
