import { z } from "zod";
import { messages } from "./messages";
import { OPT_IN_VALUES } from "./opt-in";

const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, messages.maxLength(field, max))
    .nullish()
    .transform((v) => (v ? v : null));

/** New / edit customer (customers-area §5): first name required; e-mail valid when given. */
export const customerSchema = z.object({
  first_name: z
    .string({ error: messages.required("first name") })
    .trim()
    .min(1, { message: messages.required("first name"), abort: true })
    .max(100, messages.maxLength("first name", 100)),
  last_name: optionalText(100, "last name"),
  email: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || z.email().safeParse(v).success, messages.email("email")),
  mobile: optionalText(30, "mobile"),
  phone: optionalText(30, "phone"),
  dob: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
      "The dob field must be a valid date (YYYY-MM-DD).",
    )
    .refine((v) => v === null || Date.parse(v) <= Date.now(), "The dob field must be a date in the past."),
  gender: z.enum(["Male", "Female"], { error: "The gender field must be Male or Female." }).nullish(),
  occupation: optionalText(100, "occupation"),
  hobbies: optionalText(255, "hobbies"),
  new_opt_in: z
    .enum(OPT_IN_VALUES, { error: "The new opt in field must be ALL, HEALTH or NONE." })
    .default("ALL"),
  channel_sms: z.boolean().default(true),
  channel_phone: z.boolean().default(true),
  channel_email: z.boolean().default(true),
});
export type CustomerInput = z.input<typeof customerSchema>;
export type CustomerValues = z.output<typeof customerSchema>;

export const CUSTOMER_CREATED = "New customer has been successfully created!";
export const CUSTOMER_UPDATED = "Customer has been successfully updated!";
