import { mobileDigitForms, smsReplyIntent } from "@loupe/domain";
import {
  TWILIO_INBOUND_PATH,
  TWILIO_SIGNATURE_HEADER,
  TWILIO_STATUS_PATH,
  verifyTwilioSignature,
} from "../../integrations/sms";
import { setSmsConsentFromReply } from "../customers";
import type { ModuleContext } from "../module-context";

/** Twilio expects TwiML back; an empty response sends no reply (Twilio answers STOP itself). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** Delivery states that mean the SMS did not reach the phone. */
const UNDELIVERED = new Set(["failed", "undelivered"]);

/**
 * Twilio's webhooks (issue 27 §3): replies to our number (STOP / UNSTOP switch the customer's SMS
 * channel) and each message's delivery report (failed or undelivered → the outlet's call list).
 * Both are form posts signed with X-Twilio-Signature (HMAC-SHA1 of the URL Twilio requested and
 * the sorted parameters, keyed with the account's auth token); an unsigned or wrongly signed post is
 * refused with 403 and changes nothing. Without Twilio configured they answer 404.
 */
export function registerSmsWebhooks({ app, config, db, outbox }: ModuleContext): void {
  const authToken = config.TWILIO_AUTH_TOKEN;

  app.register(async (hooks) => {
    // Only these two routes read form posts: the API everywhere else takes JSON.
    hooks.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string" },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    const signed = (url: string, params: unknown, signature: unknown) =>
      !!authToken &&
      typeof signature === "string" &&
      !!params &&
      typeof params === "object" &&
      verifyTwilioSignature(
        authToken,
        `${config.publicUrl}${url}`,
        params as Record<string, string>,
        signature,
      );

    hooks.post(TWILIO_INBOUND_PATH, { schema: { hide: true } }, async (req, reply) => {
      if (!authToken) return reply.status(404).send({ code: "not_found", message: "SMS is not configured." });
      if (!signed(req.url, req.body, req.headers[TWILIO_SIGNATURE_HEADER]))
        return reply
          .status(403)
          .send({ code: "forbidden", message: "The request is not signed by the SMS provider." });
      const form = req.body as Record<string, string>;
      const intent = smsReplyIntent(form.Body ?? "");
      if (intent && form.From) {
        const changed = await setSmsConsentFromReply(
          db,
          mobileDigitForms(form.From),
          intent === "start",
          intent === "stop" ? "Customer replied STOP" : "Customer replied UNSTOP",
        );
        // Ids and counts only: the number and the text are the customer's.
        req.log.info({ intent, customers: changed.length }, "sms reply changed SMS consent");
      }
      return reply.type("text/xml").send(EMPTY_TWIML);
    });

    hooks.post(TWILIO_STATUS_PATH, { schema: { hide: true } }, async (req, reply) => {
      if (!authToken) return reply.status(404).send({ code: "not_found", message: "SMS is not configured." });
      if (!signed(req.url, req.body, req.headers[TWILIO_SIGNATURE_HEADER]))
        return reply
          .status(403)
          .send({ code: "forbidden", message: "The request is not signed by the SMS provider." });
      const form = req.body as Record<string, string>;
      const status = form.MessageStatus ?? form.SmsStatus ?? "";
      if (form.MessageSid && UNDELIVERED.has(status))
        await outbox.reportUndelivered(
          form.MessageSid,
          `The SMS was ${status}${form.ErrorCode ? ` (provider error ${form.ErrorCode})` : ""}.`,
        );
      return reply.status(204).send();
    });
  });
}
