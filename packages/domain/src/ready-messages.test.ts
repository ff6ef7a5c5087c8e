import { describe, expect, it } from "vitest";
import { mobileDigitForms, smsReplyIntent } from "./phone-rules";
import {
  inQuietHours,
  READY_MESSAGE_DEFAULTS,
  readyMessageSendAt,
  readyMessageSettingsSchema,
  serviceMessageChannel,
  stageWords,
} from "./ready-messages";

const rule = {
  cancelWindowMinutes: READY_MESSAGE_DEFAULTS.cancelWindowMinutes,
  quietStart: READY_MESSAGE_DEFAULTS.quietStart,
  quietEnd: READY_MESSAGE_DEFAULTS.quietEnd,
};
const at = (iso: string) => new Date(iso);
const sendAt = (nowIso: string, zone: string, r = rule) =>
  readyMessageSendAt(at(nowIso), r, zone).toISOString();

describe("when a ready message may be sent", () => {
  it("waits out the cancel window in the day", () => {
    // 10:00 in Sydney (AEDT, +11) → 10:30.
    expect(sendAt("2026-12-01T23:00:00Z", "Australia/Sydney")).toBe("2026-12-01T23:30:00.000Z");
  });

  it("holds a message whose window ends in the evening until 08:00 next morning", () => {
    // 16:45 in Sydney: 17:15 is quiet → 08:00 the next day (AEDT) = 21:00Z.
    expect(sendAt("2026-12-01T05:45:00Z", "Australia/Sydney")).toBe("2026-12-01T21:00:00.000Z");
  });

  it("holds a message queued after midnight until 08:00 the same morning", () => {
    // 02:00 in Sydney on 2 Dec → 08:00 on 2 Dec (= 21:00Z on 1 Dec).
    expect(sendAt("2026-12-01T15:00:00Z", "Australia/Sydney")).toBe("2026-12-01T21:00:00.000Z");
  });

  it("uses Perth's clock for a Perth outlet (UTC+8, no daylight saving)", () => {
    // 16:20 AWST → 16:50, not quiet.
    expect(sendAt("2026-12-01T08:20:00Z", "Australia/Perth")).toBe("2026-12-01T08:50:00.000Z");
    // 16:31 AWST → 17:01 is quiet → 08:00 AWST next day = 00:00Z.
    expect(sendAt("2026-12-01T08:31:00Z", "Australia/Perth")).toBe("2026-12-02T00:00:00.000Z");
    // The same instant is mid-evening in Sydney: held there too, to Sydney's 08:00.
    expect(sendAt("2026-12-01T08:31:00Z", "Australia/Sydney")).toBe("2026-12-01T21:00:00.000Z");
  });

  // 2025's change: from tzdata 2026c British Columbia keeps daylight time all year, so Node 24
  // and Node 20 disagree about November 2026 (the zone data decides, not this rule).
  it("uses Vancouver's clock across the end of daylight saving (2 Nov 2025)", () => {
    // 18:00 PDT on 1 Nov (01:00Z 2 Nov) → 08:00 PST on 2 Nov = 16:00Z, not 15:00Z.
    expect(sendAt("2025-11-02T01:00:00Z", "America/Vancouver")).toBe("2025-11-02T16:00:00.000Z");
    // A summer evening: 08:00 PDT = 15:00Z.
    expect(sendAt("2026-07-01T01:00:00Z", "America/Vancouver")).toBe("2026-07-01T15:00:00.000Z");
  });

  it("uses Sydney's clock across the start of daylight saving (4 Oct 2026)", () => {
    // 20:00 AEST on 3 Oct (10:00Z) → 08:00 AEDT on 4 Oct = 21:00Z on 3 Oct.
    expect(sendAt("2026-10-03T10:00:00Z", "Australia/Sydney")).toBe("2026-10-03T21:00:00.000Z");
  });

  it("sends at once with no window and no quiet hours", () => {
    const none = { cancelWindowMinutes: 0, quietStart: "00:00", quietEnd: "00:00" };
    expect(sendAt("2026-12-01T12:00:00Z", "Australia/Sydney", none)).toBe("2026-12-01T12:00:00.000Z");
  });

  it("handles quiet hours inside one day (a lunch break)", () => {
    const lunch = { cancelWindowMinutes: 30, quietStart: "12:00", quietEnd: "13:00" };
    // 11:45 Perth → 12:15 is quiet → 13:00 the same day.
    expect(sendAt("2026-12-01T03:45:00Z", "Australia/Perth", lunch)).toBe("2026-12-01T05:00:00.000Z");
    expect(inQuietHours(at("2026-12-01T05:00:00Z"), lunch, "Australia/Perth")).toBe(false);
  });
});

describe("the channel of a service message", () => {
  const c = { mobile: "0412 345 678", email: "a@b.co", channelSms: true, channelEmail: true };
  it("prefers SMS, then e-mail, by the customer's channel switches", () => {
    expect(serviceMessageChannel(c)).toBe("sms");
    expect(serviceMessageChannel({ ...c, channelSms: false })).toBe("email");
    expect(serviceMessageChannel({ ...c, mobile: null })).toBe("email");
    expect(serviceMessageChannel({ ...c, channelSms: false, channelEmail: false })).toBeNull();
    expect(serviceMessageChannel({ ...c, mobile: " ", email: null })).toBeNull();
  });
});

describe("the stage in the customer's words", () => {
  it("says where the job is without status jargon", () => {
    expect(stageWords("lenses-ordered", "Newtown")).toBe("Your lenses are being made");
    expect(stageWords("in-progress", "Newtown")).toBe("Your lenses are being made");
    expect(stageWords("ready-to-go", "Newtown")).toBe("Ready to collect at Newtown");
    expect(stageWords("new-order", "Newtown")).toBe("We have your order");
    expect(stageWords("collected-by-customer", "Newtown")).toBe("Collected: enjoy your new glasses");
  });
  it("follows the region's own ready statuses", () => {
    expect(stageWords("ready-to-pick", "Perth", ["ready-to-pick"])).toBe("Ready to collect at Perth");
    expect(stageWords("ready-to-go", "Perth", ["ready-to-pick"])).toBe("Your glasses are being checked");
  });
});

describe("the settings form", () => {
  const good = {
    ready_status_slugs: ["ready-to-go"],
    cancel_window_minutes: 30,
    quiet_start: "17:00",
    quiet_end: "08:00",
    reminder_days: [7, 21],
    sms_template: "x",
    email_subject: "y",
    email_template: "z",
  };
  it("accepts the defaults and refuses bad times and reminder days", () => {
    expect(readyMessageSettingsSchema.safeParse(good).success).toBe(true);
    expect(readyMessageSettingsSchema.safeParse({ ...good, quiet_start: "5pm" }).success).toBe(false);
    expect(readyMessageSettingsSchema.safeParse({ ...good, reminder_days: [21, 7] }).success).toBe(false);
    expect(readyMessageSettingsSchema.safeParse({ ...good, ready_status_slugs: [] }).success).toBe(false);
  });
});

describe("SMS replies", () => {
  it("reads STOP and UNSTOP, whatever the case and spaces", () => {
    expect(smsReplyIntent(" stop ")).toBe("stop");
    expect(smsReplyIntent("UNSTOP")).toBe("start");
    expect(smsReplyIntent("Thanks, see you soon")).toBeNull();
  });
  it("matches the sender's number however staff typed the mobile", () => {
    expect(mobileDigitForms("+61412345678")).toEqual(["412345678", "0412345678", "61412345678"]);
    expect(mobileDigitForms("+16045550199")).toEqual(["6045550199", "16045550199"]);
  });
});
