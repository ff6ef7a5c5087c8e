import type { CustomerRowsMover } from "../../platform/db/customer-rows";
import { addressesCustomerMover } from "../addresses";
import { customerEventsMover } from "../customers";
import { filesCustomerMover } from "../files";
import { importsCustomerMover } from "../imports";
import { intakeCustomerMover } from "../intake";
import { jobsCustomerMover } from "../jobs";
import { lensOrdersCustomerMover } from "../lens-orders";
import { notesCustomerMover } from "../notes";
import { paymentsCustomerMover } from "../payments";
import { pdsCustomerMover } from "../pds";
import { prescriptionsCustomerMover } from "../prescriptions";
import { quotesCustomerMover } from "../quotes";
import { readyMessagesCustomerMover } from "../ready-messages";
import { recallsCustomerMover } from "../recalls";
import { referralsCustomerMover } from "../referrals";
import { shopLoginCustomerMover } from "../shop-login";

/**
 * Every module that keeps rows of a customer, each moving its own (issue 46). A module that gains
 * a table pointing at customers adds its mover here: the customer's row is deleted after the moves,
 * and its foreign keys would otherwise take unmoved rows with it. The access log is not here: it is
 * append-only and keeps naming the losing id.
 */
export const CUSTOMER_ROW_MOVERS: Record<string, CustomerRowsMover> = {
  prescriptions: prescriptionsCustomerMover,
  pds: pdsCustomerMover,
  files: filesCustomerMover,
  notes: notesCustomerMover,
  addresses: addressesCustomerMover,
  jobs: jobsCustomerMover,
  payments: paymentsCustomerMover,
  quotes: quotesCustomerMover,
  "ready-messages": readyMessagesCustomerMover,
  recalls: recallsCustomerMover,
  referrals: referralsCustomerMover,
  intake: intakeCustomerMover,
  "shop-login": shopLoginCustomerMover,
  "lens-orders": lensOrdersCustomerMover,
  imports: importsCustomerMover,
  // Last: the undo (in reverse) puts the History back first, with the rows retired with the record.
  customers: customerEventsMover,
};

/** Staff words for each moved table, as the merge screen and its record show them. */
export const MOVED_LABELS: Record<string, string> = {
  prescriptions: "Prescriptions",
  pds: "PDs",
  files: "Files",
  notes: "Notes",
  billing_addresses: "Addresses",
  orders: "Jobs",
  payments: "Payments",
  quotes: "Quotes",
  job_messages: "Messages",
  customer_recalls: "Recalls",
  recall_steps: "Recall steps",
  "referrals:referrer": "Referrals",
  "referrals:referee": "Referrals",
  intake_customer_links: "Point-of-sale links",
  shop_login_tokens: "Shop logins",
  lens_orders: "Lens orders",
  "import_records:made": "Imported source ids",
  "import_records:linked": "Imported source ids",
  "import_records:children": "Imported records' links",
};
