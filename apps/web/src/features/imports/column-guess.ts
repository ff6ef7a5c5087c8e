import type { ImportField } from "@loupe/domain";

/** Lower case, letters and digits only: "Date of Birth" and "date_of_birth" read the same. */
const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

// Words other systems use for a field (Optomate's "Given", Sunix's "Surname"…): checked after the
// field's own key and label.
const ALSO: Record<string, string[]> = {
  source_id: ["id", "patientid", "clientid", "customerid", "recordid", "patientno", "number"],
  customer_source_id: ["patientid", "clientid", "customerid", "patientno"],
  job_source_id: ["jobid", "orderid", "jobno"],
  first_name: ["given", "givenname", "firstname", "forename", "first"],
  last_name: ["surname", "familyname", "lastname", "last"],
  email: ["emailaddress", "mail"],
  mobile: ["mobilephone", "cell", "cellphone", "mobileno"],
  phone: ["homephone", "telephone", "phoneno", "home"],
  dob: ["dateofbirth", "birthdate", "born", "birthday"],
  gender: ["sex"],
  outlet: ["branch", "store", "location", "practice", "site"],
  opt_in: ["consent", "optin", "marketing"],
  address_line1: ["address", "address1", "street", "addr1"],
  address_line2: ["address2", "addr2"],
  suburb: ["city", "town", "locality"],
  state: ["province", "region"],
  postcode: ["zip", "zipcode", "postalcode"],
  created_on: ["created", "datecreated", "since", "firstvisit"],
};

function score(field: ImportField, header: string): number {
  const h = squash(header);
  if (!h) return 0;
  const names = [squash(field.key), squash(field.label), ...(ALSO[field.key] ?? [])];
  if (names.includes(h)) return 3;
  // "Patient Surname" holds "surname"; a 2-letter name ("id") must match whole.
  if (names.some((n) => n.length > 3 && (h.includes(n) || n.includes(h)) && h.length > 3)) return 1;
  return 0;
}

/**
 * The columns a file's headers most likely hold, field by field: exact names (key, label, or a
 * usual other name) first, then a header holding the name. Each column is offered to one field only.
 */
export function guessMapping(
  fields: readonly ImportField[],
  headers: readonly string[],
): Record<string, string> {
  const taken = new Set<string>();
  const mapping: Record<string, string> = {};
  for (const wanted of [3, 1]) {
    for (const field of fields) {
      if (mapping[field.key]) continue;
      const header = headers.find((h) => !taken.has(h) && score(field, h) === wanted);
      if (header) {
        mapping[field.key] = header;
        taken.add(header);
      }
    }
  }
  return mapping;
}
