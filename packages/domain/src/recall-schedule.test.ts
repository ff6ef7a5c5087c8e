import { describe, expect, it } from "vitest";
import { dayInZone } from "./promised-date";
import {
  ageFits,
  channelUsable,
  jobRecallTrigger,
  type RecallContact,
  type RecallRecord,
  recallConsent,
  recallDueFrom,
  recallSendAt,
  recallSpacingWait,
  recallStepChannel,
  recallStepDay,
} from "./recall-schedule";

const eyeTest = {
  interval_months: 24,
  triggers: ["spectacle_prescription"] as const,
  use_expiry: false,
  min_age: null,
  max_age: null,
};
const rx = (
  id: number,
  day: string,
  expiry: string | null = null,
  trigger = "spectacle_prescription",
): RecallRecord => ({
  kind: "prescription",
  id,
  day,
  expiry,
  trigger: trigger as RecallRecord["trigger"],
});

describe("a recall's due date", () => {
  it("follows the latest qualifying record plus the interval", () => {
    const got = recallDueFrom(eyeTest, [rx(1, "2023-05-10"), rx(2, "2025-02-03"), rx(3, "2024-01-01")], null);
    expect(got?.due).toBe("2027-02-03");
    expect(got?.record.id).toBe(2);
  });

  it("ignores records of another trigger, and answers null without one", () => {
    expect(recallDueFrom(eyeTest, [rx(1, "2025-02-03", null, "contact_lens_prescription")], null)).toBeNull();
    expect(recallDueFrom({ ...eyeTest, triggers: [] }, [rx(1, "2025-02-03")], null)).toBeNull();
  });

  it("takes the prescription's expiry when the type uses it and it has one", () => {
    const type = { ...eyeTest, use_expiry: true };
    expect(recallDueFrom(type, [rx(1, "2025-02-03", "2026-08-01")], null)?.due).toBe("2026-08-01");
    expect(recallDueFrom(type, [rx(1, "2025-02-03", null)], null)?.due).toBe("2027-02-03");
    expect(recallDueFrom(eyeTest, [rx(1, "2025-02-03", "2026-08-01")], null)?.due).toBe("2027-02-03");
  });

  it("keeps the month's end (31 Jan + 1 month is the last of February)", () => {
    expect(recallDueFrom({ ...eyeTest, interval_months: 1 }, [rx(1, "2026-01-31")], null)?.due).toBe(
      "2026-02-28",
    );
  });

  it("applies the age on the record's day: min inclusive, max exclusive", () => {
    const children = { ...eyeTest, interval_months: 12, max_age: 16 };
    // 16th birthday on 2025-06-01: a record the day before qualifies, on the day it does not.
    expect(recallDueFrom(children, [rx(1, "2025-05-31")], "2009-06-01")?.due).toBe("2026-05-31");
    expect(recallDueFrom(children, [rx(1, "2025-06-01")], "2009-06-01")).toBeNull();
    // The latest record is too late for the children's type: the earlier one still sets it.
    expect(recallDueFrom(children, [rx(1, "2025-05-31"), rx(2, "2025-07-01")], "2009-06-01")?.record.id).toBe(
      1,
    );
    const adults = { ...eyeTest, min_age: 16 };
    expect(ageFits(adults, "2009-06-01", "2025-06-01")).toBe(true);
    expect(ageFits(adults, "2009-06-01", "2025-05-31")).toBe(false);
    // No birth date: only a type without ages applies.
    expect(ageFits(adults, null, "2025-06-01")).toBe(false);
    expect(ageFits(eyeTest, null, "2025-06-01")).toBe(true);
  });

  it("maps a completed job's product to its trigger", () => {
    expect(
      jobRecallTrigger({ productTypeKey: "glasses", parentTypeKey: "glasses", lensesType: "multifocal" }),
    ).toBe("job_multifocal");
    expect(
      jobRecallTrigger({
        productTypeKey: "lenses-only",
        parentTypeKey: "lenses-only",
        lensesType: "single-vision",
      }),
    ).toBe("job_single_vision");
    expect(
      jobRecallTrigger({
        productTypeKey: "contact-lenses",
        parentTypeKey: "contact-lenses",
        lensesType: null,
      }),
    ).toBe("job_contact_lenses");
    expect(
      jobRecallTrigger({ productTypeKey: "sunglasses", parentTypeKey: "glasses", lensesType: null }),
    ).toBe("job_frame_only");
    expect(
      jobRecallTrigger({ productTypeKey: "addon", parentTypeKey: "addon", lensesType: null }),
    ).toBeNull();
  });

  it("places each step at the due date plus its offset", () => {
    expect(recallStepDay("2027-02-03", -14)).toBe("2027-01-20");
    expect(recallStepDay("2027-02-03", 60)).toBe("2027-04-04");
  });
});

const reachable: RecallContact = {
  email: "ann@example.com",
  mobile: "0412 345 678",
  phone: "02 9999 0000",
  channelEmail: true,
  channelSms: true,
  channelPhone: true,
  country: "AU",
  hasAddress: true,
};

describe("consent and channels", () => {
  it("lets All and Only Health Subjects have recalls, not None", () => {
    expect(recallConsent("ALL")).toBe(true);
    expect(recallConsent("HEALTH")).toBe(true);
    expect(recallConsent("NONE")).toBe(false);
    expect(recallConsent(null)).toBe(false);
  });

  it("needs the address and the customer's switch for each channel", () => {
    expect(channelUsable("email", { ...reachable, channelEmail: false })).toBe(false);
    expect(channelUsable("email", { ...reachable, email: " " })).toBe(false);
    expect(channelUsable("sms", reachable)).toBe(true);
    expect(channelUsable("sms", { ...reachable, country: "US" })).toBe(false);
    expect(channelUsable("sms", { ...reachable, mobile: "02 9999 0000" })).toBe(false);
    expect(channelUsable("sms", { ...reachable, channelSms: false })).toBe(false);
    expect(channelUsable("letter", { ...reachable, hasAddress: false })).toBe(false);
    expect(channelUsable("phone", { ...reachable, phone: null })).toBe(true);
    expect(channelUsable("phone", { ...reachable, phone: null, mobile: null })).toBe(false);
    expect(channelUsable("phone", { ...reachable, channelPhone: false })).toBe(false);
  });

  it("substitutes the next usable channel, e-mail → SMS → letter → phone, when the step allows it", () => {
    const noEmail = { ...reachable, email: null };
    expect(recallStepChannel("email", true, reachable)).toEqual({ channel: "email", reason: null });
    expect(recallStepChannel("email", true, noEmail).channel).toBe("sms");
    expect(recallStepChannel("email", true, { ...noEmail, channelSms: false }).channel).toBe("letter");
    expect(
      recallStepChannel("email", true, { ...noEmail, channelSms: false, hasAddress: false }).channel,
    ).toBe("phone");
    // After the last one it wraps round: a phone step for a customer with no phone goes by e-mail.
    expect(recallStepChannel("phone", true, { ...reachable, phone: null, mobile: null }).channel).toBe(
      "email",
    );
    const skipped = recallStepChannel("email", false, noEmail);
    expect(skipped.channel).toBeNull();
    expect(skipped.reason).toMatch(/e-mail/);
    const none = recallStepChannel("sms", true, {
      ...reachable,
      email: null,
      mobile: null,
      phone: null,
      hasAddress: false,
    });
    expect(none.channel).toBeNull();
    expect(none.reason).toMatch(/No usable channel/);
  });
});

describe("spacing", () => {
  it("lets a step go 7 days or more after the last one, else it waits until then", () => {
    expect(recallSpacingWait("2026-03-10", null)).toBeNull();
    expect(recallSpacingWait("2026-03-10", "2026-03-03")).toBeNull();
    expect(recallSpacingWait("2026-03-10", "2026-03-04")).toBe("2026-03-11");
    expect(recallSpacingWait("2026-03-10", "2026-03-10")).toBe("2026-03-17");
    // Across a month's end.
    expect(recallSpacingWait("2026-03-01", "2026-02-27")).toBe("2026-03-06");
  });
});

describe("quiet hours on the outlet's clock", () => {
  it("sends at once in the day, else at 09:00 on the outlet's wall clock", () => {
    // 02:00 UTC = 13:00 in Sydney (AEDT, +11): not quiet.
    const noonSydney = new Date("2026-01-15T02:00:00Z");
    expect(recallSendAt(noonSydney, "Australia/Sydney").toISOString()).toBe(noonSydney.toISOString());
    // The same instant is 02:00 in London: quiet until 09:00 there.
    expect(recallSendAt(noonSydney, "Europe/London").toISOString()).toBe("2026-01-15T09:00:00.000Z");
    // 20:00 in Auckland (NZDT, +13) → 09:00 the next morning there.
    expect(recallSendAt(new Date("2026-01-15T07:00:00Z"), "Pacific/Auckland").toISOString()).toBe(
      "2026-01-15T20:00:00.000Z",
    );
  });

  it("keeps 09:00 on the wall clock across a daylight-saving change", () => {
    // Sydney leaves daylight saving on 5 April 2026 (03:00 AEDT → 02:00 AEST). At 22:00 AEDT on the
    // 4th (11:00 UTC) the message waits for 09:00 AEST on the 5th, which is 23:00 UTC.
    expect(recallSendAt(new Date("2026-04-04T11:00:00Z"), "Australia/Sydney").toISOString()).toBe(
      "2026-04-04T23:00:00.000Z",
    );
    // London starts summer time on 29 March 2026: 09:00 BST is 08:00 UTC.
    expect(recallSendAt(new Date("2026-03-29T00:30:00Z"), "Europe/London").toISOString()).toBe(
      "2026-03-29T08:00:00.000Z",
    );
  });

  it("reads today on the outlet's clock", () => {
    const at = new Date("2026-01-15T20:00:00Z");
    expect(dayInZone(at, "Australia/Sydney")).toBe("2026-01-16");
    expect(dayInZone(at, "Europe/London")).toBe("2026-01-15");
  });
});
