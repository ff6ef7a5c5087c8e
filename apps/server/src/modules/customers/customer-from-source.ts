// A customer made from a sale at a point of sale or a web shop (issue 45) when the matching rule
// found no one. Consent is what the source said and nothing more: a customer who accepted
// marketing e-mail there is opted in to e-mail here; otherwise every channel is off until they
// or staff say so. Called in the intake's transaction, so the customer exists only with the job.

import type { Db } from "../../platform/db/client";
import { customers } from "./customers.tables";

export interface SourceCustomerInput {
  firstName: string;
  lastName: string;
  email: string | null;
  /** E.164 where it could be read as a mobile, else as sent. */
  mobile: string | null;
  dateOfBirth: string | null;
  acceptsMarketing: boolean | null;
  regionId: number;
  outletId: number | null;
}

export async function createCustomerFromSource(db: Db, input: SourceCustomerInput): Promise<number> {
  const marketing = input.acceptsMarketing === true;
  const [row] = await db
    .insert(customers)
    .values({
      firstName: input.firstName.trim().slice(0, 100) || "Customer",
      lastName: input.lastName.trim().slice(0, 100),
      email: input.email?.trim().slice(0, 255) || null,
      mobile: input.mobile?.trim().slice(0, 30) || null,
      dob: input.dateOfBirth,
      newOptIn: marketing ? "ALL" : "NONE",
      channelEmail: marketing,
      channelSms: false,
      channelPhone: false,
      regionId: input.regionId,
      homeRegionId: input.regionId,
      outletId: input.outletId,
    })
    .returning({ id: customers.id });
  return row.id;
}
