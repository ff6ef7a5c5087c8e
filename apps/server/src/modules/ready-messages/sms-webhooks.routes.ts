import { mobileDigitForms, smsDeliveryReportIsNewer, smsDeliveryStage, smsReplyIntent } from "@loupe/domain";
import {
  TWILIO_INBOUND_PATH,
  TWILIO_SIGNATURE_HEADER,
  TWILIO_STATUS_PATH,
  twilioDoneDate,
  verifyTwilioSignature,
} from "../../integrations/sms";
import type { Db } from "../../platform/db/client";
import { setSmsConsentFromReply } from "../customers";
import type { ModuleContext } from "../module-context";
import { firstTimeInbound, keepDeliveryReport, keptDeliveryReport } from "./sms-webhook-events";

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
 *
 * Exactly once (issue 43 §5, ADR 0055): a reply is recorded by its MessageSid with the change it
 * asks for, so a repeat or a replay of a signed post (Twilio's signature has no time in it) changes
 * nothing; a delivery report counts only if it is newer than the one kept for that message (a
 * later stage of its life, or the same stage at a later provider time).
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
      const messageSid = form.MessageSid || form.SmsSid;
      // Without the provider's id a post cannot be told from a replay of it: it changes nothing.
      if (!messageSid) return reply.type("text/xml").send(EMPTY_TWIML);
      const outcome = await db.transaction(async (tx) => {
        if (!(await firstTimeInbound(tx as unknown as Db, messageSid, intent))) return "repeat" as const;
        if (!intent || !form.From) return 0;
        const changed = await setSmsConsentFromReply(
          tx as unknown as Db,
          mobileDigitForms(form.From),
          intent === "start",
          intent === "stop" ? "Customer replied STOP" : "Customer replied UNSTOP",
        );
        return changed.length;
      });
      // Ids and counts only: the number and the text are the customer's.
      if (outcome === "repeat")
        req.log.warn({ event: "sms.inbound_repeat", messageSid }, "sms reply seen before");
      else if (intent) req.log.info({ intent, customers: outcome }, "sms reply changed SMS consent");
      return reply.type("text/xml").send(EMPTY_TWIML);
    });

    hooks.post(TWILIO_STATUS_PATH, { schema: { hide: true } }, async (req, reply) => {
      if (!authToken) return reply.status(404).send({ code: "not_found", message: "SMS is not configured." });
      if (!signed(req.url, req.body, req.headers[TWILIO_SIGNATURE_HEADER]))
        return reply
          .status(403)
          .send({ code: "forbidden", message: "The request is not signed by the SMS provider." });
      const form = req.body as Record<string, string>;
      const status = (form.MessageStatus ?? form.SmsStatus ?? "").trim().toLowerCase();
      const messageSid = form.MessageSid || form.SmsSid;
      const stage = smsDeliveryStage(status);
      if (!messageSid || stage === null) return reply.status(204).send();
      const report = { stage, at: twilioDoneDate(form.RawDlrDoneDate) };
      // A repeat, or a report overtaken on the way by a newer one, changes nothing.
      if (!smsDeliveryReportIsNewer(report, await keptDeliveryReport(db, messageSid)))
        return reply.status(204).send();
      // The consequence first, then the report kept: if this fails half-way, the provider's retry
      // still finds the report newer and does it again (reportUndelivered changes a sent message only).
      if (UNDELIVERED.has(status))
        await outbox.reportUndelivered(
          messageSid,
          `The SMS was ${status}${form.ErrorCode ? ` (provider error ${form.ErrorCode})` : ""}.`,
        );
      await keepDeliveryReport(db, messageSid, status, report);
      return reply.status(204).send();
    });
  });
}
