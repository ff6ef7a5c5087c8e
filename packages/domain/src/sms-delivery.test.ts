import { describe, expect, it } from "vitest";
import { smsDeliveryReportIsNewer, smsDeliveryStage } from "./phone-rules";

const at = (iso: string) => new Date(iso);

describe("SMS delivery reports in order", () => {
  it("places each status in the message's life and knows no other", () => {
    expect(["queued", "sending", "sent", "Delivered", "read"].map(smsDeliveryStage)).toEqual([1, 2, 3, 4, 5]);
    expect(smsDeliveryStage("undelivered")).toBe(smsDeliveryStage("delivered"));
    expect(smsDeliveryStage("received")).toBeNull();
  });

  it("takes a later stage, or the same stage at a later provider time, and nothing else", () => {
    const delivered = { stage: 4, at: at("2026-12-01T23:31:00Z") };
    expect(smsDeliveryReportIsNewer(delivered, null)).toBe(true);
    expect(smsDeliveryReportIsNewer({ stage: 3, at: null }, delivered)).toBe(false);
    expect(smsDeliveryReportIsNewer({ stage: 5, at: null }, delivered)).toBe(true);
    expect(smsDeliveryReportIsNewer({ stage: 4, at: at("2026-12-01T23:30:00Z") }, delivered)).toBe(false);
    expect(smsDeliveryReportIsNewer({ stage: 4, at: at("2026-12-01T23:35:00Z") }, delivered)).toBe(true);
    // A repeat, or two reports of one stage without the provider's times: the first stays.
    expect(smsDeliveryReportIsNewer(delivered, delivered)).toBe(false);
    expect(smsDeliveryReportIsNewer({ stage: 4, at: null }, { stage: 4, at: null })).toBe(false);
  });
});
