import { describe, expect, it } from "vitest";
import { ageFromDob, customerLabel } from "./customer-labels";
import { customerSchema } from "./customer-rules";
import { channelsForOptIn, isOptInConsistent, OPT_IN_LABELS, optInForChannels } from "./opt-in";

describe("opt-in", () => {
  it("sets or clears the channels from the opt-in", () => {
    expect(channelsForOptIn("NONE")).toEqual({
      channel_sms: false,
      channel_phone: false,
      channel_email: false,
    });
    expect(channelsForOptIn("HEALTH")).toEqual({
      channel_sms: true,
      channel_phone: true,
      channel_email: true,
    });
  });

  it("derives the opt-in from the channels", () => {
    const all = { channel_sms: true, channel_phone: true, channel_email: true };
    const none = { channel_sms: false, channel_phone: false, channel_email: false };
    expect(optInForChannels("NONE", all)).toBe("ALL");
    expect(optInForChannels("HEALTH", all)).toBe("HEALTH");
    expect(optInForChannels("ALL", none)).toBe("NONE");
    expect(optInForChannels("ALL", { ...all, channel_sms: false })).toBe("ALL");
    // A channel ticked under None leaves None: None never goes with a channel.
    expect(optInForChannels("NONE", { ...none, channel_email: true })).toBe("ALL");
    expect(isOptInConsistent("NONE", { ...none, channel_email: true })).toBe(false);
    expect(isOptInConsistent("ALL", none)).toBe(false);
    expect(isOptInConsistent("HEALTH", { ...none, channel_sms: true })).toBe(true);
    expect(isOptInConsistent("NONE", none)).toBe(true);
    expect(OPT_IN_LABELS).toEqual({
      ALL: "All Offers, News and Health",
      HEALTH: "Only Health Subjects",
      NONE: "None",
    });
  });
});

describe("customer rules", () => {
  it("needs a first name and a valid e-mail when one is given", () => {
    const r = customerSchema.safeParse({ first_name: "", email: "x@" });
    expect(r.error!.issues.map((i) => i.message)).toEqual([
      "The first name field is required.",
      "The email field must be a valid email",
    ]);
    expect(customerSchema.safeParse({ first_name: "Ann", email: "" }).success).toBe(true);
  });

  it("labels a nameless customer Guest and computes age", () => {
    expect(customerLabel({ first_name: "", last_name: "" })).toBe("Guest");
    expect(customerLabel({ first_name: "Ann", last_name: "Lee" })).toBe("Ann Lee");
    expect(ageFromDob("1990-11-24", new Date(2026, 10, 23))).toBe(35);
    expect(ageFromDob("1990-11-23", new Date(2026, 10, 23))).toBe(36);
  });
});
