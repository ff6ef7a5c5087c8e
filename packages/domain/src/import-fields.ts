// What a chain's files can bring into Loupe (issue 46): the kinds of record, each kind's fields as
// the mapping screen offers them, the codes a value map turns a file's own codes into, and the date
// formats a column may be written in. The server checks each row by these and by the same rules as
// the screens (customer, prescription and PD rules); the web's mapping screen lists them.

export const IMPORT_KINDS = [
  "customers",
  "prescriptions",
  "pds",
  "notes",
  "recalls",
  "jobs",
  "job_items",
  "job_payments",
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  customers: "Customers",
  prescriptions: "Prescriptions (spectacle and contact lens)",
  pds: "PDs and heights",
  notes: "Notes",
  recalls: "Recall due dates",
  jobs: "Jobs",
  job_items: "Job items",
  job_payments: "Job payments",
};

/**
 * Which kinds must be imported before a kind, because its rows name their records by source id
 * (a prescription's customer, an item's job). Rows naming a record the source has not brought in
 * yet are rejected with IMPORT_MESSAGES.unknownParent.
 */
export const IMPORT_KIND_PARENTS: Record<ImportKind, ImportKind | null> = {
  customers: null,
  prescriptions: "customers",
  pds: "customers",
  notes: "customers",
  recalls: "customers",
  jobs: "customers",
  job_items: "jobs",
  job_payments: "jobs",
};

/** How a cell is read. `code` cells go through the batch's value map for the field. */
export type ImportFieldType = "text" | "date" | "number" | "boolean" | "code";

/** The code sets a value map translates into. Outlets and statuses are the chain's own reference data. */
export type ImportCodeSet =
  | "gender"
  | "opt_in"
  | "prescription_type"
  | "outlet"
  | "job_status"
  | "recall_type"
  | "payment_method";

export interface ImportField {
  key: string;
  label: string;
  type: ImportFieldType;
  required?: boolean;
  /** For `code` fields: what the value map translates into. */
  codes?: ImportCodeSet;
}

/** The fixed code sets (outlets, job statuses and recall types come from reference data). */
export const IMPORT_FIXED_CODES: Partial<Record<ImportCodeSet, readonly { code: string; label: string }[]>> =
  {
    gender: [
      { code: "Male", label: "Male" },
      { code: "Female", label: "Female" },
    ],
    opt_in: [
      { code: "ALL", label: "All messages" },
      { code: "HEALTH", label: "Health messages only" },
      { code: "NONE", label: "No messages" },
    ],
    prescription_type: [
      { code: "spectacle", label: "Spectacle" },
      { code: "contact_lens", label: "Contact Lens" },
    ],
    payment_method: [
      { code: "card", label: "Card" },
      { code: "cash", label: "Cash" },
      { code: "eftpos", label: "EFTPOS" },
      { code: "health_fund", label: "Health fund" },
      { code: "other", label: "Other" },
    ],
  };

const sourceId: ImportField = { key: "source_id", label: "Source record id", type: "text", required: true };
const customerRef: ImportField = {
  key: "customer_source_id",
  label: "Customer's source id",
  type: "text",
  required: true,
};
const jobRef: ImportField = { key: "job_source_id", label: "Job's source id", type: "text", required: true };

const powers = (eye: "right" | "left"): ImportField[] => [
  { key: `${eye}_sphere`, label: `${eye === "right" ? "Right" : "Left"} sphere`, type: "number" },
  { key: `${eye}_cylinder`, label: `${eye === "right" ? "Right" : "Left"} cylinder`, type: "number" },
  { key: `${eye}_axis`, label: `${eye === "right" ? "Right" : "Left"} axis`, type: "number" },
  { key: `${eye}_add`, label: `${eye === "right" ? "Right" : "Left"} add`, type: "number" },
];

export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  customers: [
    sourceId,
    { key: "first_name", label: "First name", type: "text", required: true },
    { key: "last_name", label: "Last name", type: "text" },
    { key: "email", label: "Email", type: "text" },
    { key: "mobile", label: "Mobile", type: "text" },
    { key: "phone", label: "Phone", type: "text" },
    { key: "dob", label: "Date of birth", type: "date" },
    { key: "gender", label: "Gender", type: "code", codes: "gender" },
    { key: "occupation", label: "Occupation", type: "text" },
    { key: "hobbies", label: "Hobbies", type: "text" },
    { key: "outlet", label: "Outlet", type: "code", codes: "outlet", required: true },
    { key: "opt_in", label: "Message consent", type: "code", codes: "opt_in" },
    { key: "channel_sms", label: "SMS allowed", type: "boolean" },
    { key: "channel_phone", label: "Phone calls allowed", type: "boolean" },
    { key: "channel_email", label: "Email allowed", type: "boolean" },
    { key: "address_line1", label: "Address line 1", type: "text" },
    { key: "address_line2", label: "Address line 2", type: "text" },
    { key: "suburb", label: "Suburb / city", type: "text" },
    { key: "state", label: "State / province", type: "text" },
    { key: "postcode", label: "Postcode", type: "text" },
    { key: "created_on", label: "Customer since", type: "date" },
  ],
  prescriptions: [
    sourceId,
    customerRef,
    { key: "type", label: "Prescription type", type: "code", codes: "prescription_type", required: true },
    { key: "prescribed_on", label: "Prescribed on", type: "date", required: true },
    { key: "expires_on", label: "Expires on", type: "date" },
    ...powers("right"),
    ...powers("left"),
    { key: "right_base_curve", label: "Right base curve", type: "number" },
    { key: "right_diameter", label: "Right diameter", type: "number" },
    { key: "left_base_curve", label: "Left base curve", type: "number" },
    { key: "left_diameter", label: "Left diameter", type: "number" },
    { key: "lens_brand", label: "Contact lens brand", type: "text" },
    { key: "optometrist", label: "Optometrist", type: "text" },
    { key: "notes", label: "Notes", type: "text" },
  ],
  pds: [
    sourceId,
    customerRef,
    { key: "measured_on", label: "Measured on", type: "date", required: true },
    { key: "right_pd", label: "Right PD", type: "number" },
    { key: "left_pd", label: "Left PD", type: "number" },
    { key: "binocular_pd", label: "Binocular PD", type: "number" },
    { key: "right_height", label: "Right height", type: "number" },
    { key: "left_height", label: "Left height", type: "number" },
  ],
  notes: [
    sourceId,
    customerRef,
    { key: "written_on", label: "Written on", type: "date", required: true },
    { key: "text", label: "Note", type: "text", required: true },
    { key: "author", label: "Written by", type: "text" },
  ],
  recalls: [
    sourceId,
    customerRef,
    { key: "recall_type", label: "Recall type", type: "code", codes: "recall_type", required: true },
    { key: "due_on", label: "Due on", type: "date", required: true },
  ],
  jobs: [
    sourceId,
    customerRef,
    { key: "outlet", label: "Outlet", type: "code", codes: "outlet", required: true },
    { key: "status", label: "Status", type: "code", codes: "job_status", required: true },
    { key: "created_on", label: "Created on", type: "date", required: true },
    { key: "job_number", label: "Job number", type: "text" },
    { key: "notes", label: "Notes", type: "text" },
  ],
  job_items: [
    sourceId,
    jobRef,
    { key: "description", label: "Description", type: "text", required: true },
    { key: "sku", label: "SKU", type: "text" },
    { key: "quantity", label: "Quantity", type: "number" },
    { key: "price", label: "Price (each, tax included)", type: "number", required: true },
  ],
  job_payments: [
    sourceId,
    jobRef,
    { key: "paid_on", label: "Paid on", type: "date", required: true },
    { key: "amount", label: "Amount", type: "number", required: true },
    { key: "method", label: "Method", type: "code", codes: "payment_method" },
  ],
};

/** Date formats a column may be named as; day-first is the default (AU, NZ, and most CA exports). */
export const IMPORT_DATE_FORMATS = [
  "DD/MM/YYYY",
  "DD-MM-YYYY",
  "DD.MM.YYYY",
  "DD/MM/YY",
  "YYYY-MM-DD",
  "MM/DD/YYYY",
  "YYYY/MM/DD",
] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];
export const DEFAULT_IMPORT_DATE_FORMAT: ImportDateFormat = "DD/MM/YYYY";

/** Source systems a preset may be saved for; "other" covers a spreadsheet. */
export const IMPORT_SOURCE_SYSTEMS = ["optomate", "sunix", "acuitas", "spreadsheet", "other"] as const;
export type ImportSourceSystem = (typeof IMPORT_SOURCE_SYSTEMS)[number];
export const IMPORT_SOURCE_SYSTEM_LABELS: Record<ImportSourceSystem, string> = {
  optomate: "Optomate",
  sunix: "Sunix",
  acuitas: "Acuitas",
  spreadsheet: "Spreadsheet",
  other: "Other system",
};

/**
 * An import's life: uploaded → (mapped and) checking → checked → running ⇄ paused → imported →
 * final; imported → undoing → undone. A dry run may be run again after a mapping change (checked →
 * checking). Failed: the file could not be read at all.
 */
export const IMPORT_STATES = [
  "uploaded",
  "checking",
  "checked",
  "running",
  "paused",
  "imported",
  "undoing",
  "undone",
  "final",
  "failed",
] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** The largest file an import takes (a chain's whole customer file fits well below it). */
export const IMPORT_MAX_FILE_BYTES = 2 * 1024 * 1024 * 1024;
