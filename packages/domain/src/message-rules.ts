import { z } from "zod";
import { messages } from "./messages";
import { isValidSmsNumber, type SmsCountry, toSmsNumber } from "./phone-rules";

// Messages to customers and their templates (customers-area §3, §5, §8).

export const MESSAGE_SENT = "Message sent successfully";
export const INVALID_PHONE = "Please enter a valid phone number";

const MUSTACHE = /\{\{\s*([^}|]+?)\s*(?:\|\s*([^}]*?)\s*)?\}\}/g;

/** True when text still holds a `{{ … }}` placeholder. */
export const hasUnresolvedVariables = (text: string): boolean => /\{\{[^}]*\}\}/.test(text);

function lookup(context: Record<string, unknown>, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (v, key) => (v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined),
      context,
    );
}

/**
 * Fills `{{customer.first_name | there}}` placeholders from customer, outlet and staff data. An
 * empty value takes its fallback; with no value and no fallback the placeholder stays, so the
 * "unresolved variable" rule stops the message.
 */
export function renderTemplate(template: string, context: Record<string, unknown>): string {
  return template.replace(MUSTACHE, (whole, path: string, fallback: string | undefined) => {
    const value = lookup(context, path.trim());
    if (value !== undefined && value !== null && String(value).trim() !== "") return String(value);
    return fallback !== undefined ? fallback : whole;
  });
}

const noMustache = (field: string) =>
  z
    .string({ error: messages.required(field) })
    .trim()
    .min(1, { message: messages.required(field), abort: true })
    .refine((v) => !hasUnresolvedVariables(v), messages.noMustache);

/**
 * The Send a Message form. With the outlet's country the SMS number must be a mobile there (or carry
 * another of our country codes) and comes out in E.164; without one (the contract's documentation
 * of the body) a mobile of any of our countries passes.
 */
export const messageSchemaFor = (country?: SmsCountry) =>
  z.discriminatedUnion(
    "type",
    [
      z.object({
        type: z.literal("sms"),
        phone: z
          .string({ error: messages.required("mobile") })
          .trim()
          .min(1, { message: messages.required("mobile"), abort: true })
          .refine((v) => isValidSmsNumber(v, country), INVALID_PHONE)
          .transform((v) => (country ? (toSmsNumber(v, country) ?? v) : v)),
        message: noMustache("message").pipe(z.string().max(1600, messages.maxLength("message", 1600))),
      }),
      z.object({
        type: z.literal("email"),
        email: z
          .string({ error: messages.required("email") })
          .trim()
          .min(1, { message: messages.required("email"), abort: true })
          .pipe(z.email(messages.email("email"))),
        subject: noMustache("subject"),
        message: noMustache("message"),
        reply_to: z.email(messages.email("reply to")).nullish(),
      }),
    ],
    { error: messages.required("delivery type") },
  );
export const messageSchema = messageSchemaFor();
export type MessageInput = z.input<typeof messageSchema>;

export const templateSchema = z.object({
  template_name: z.string().trim().min(1, messages.required("template name")).max(100),
  type: z.enum(["sms", "email"], { error: messages.required("type") }),
  subject: z.string().trim().max(255).nullish(),
  content_template: z.string().trim().min(1, messages.required("content")).max(5000),
});
