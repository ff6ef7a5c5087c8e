import { describe, expect, it } from "vitest";
import { looksLikeInvoice, scannedInvoice } from "./scan-rules";

const typed = (text: string, gap: number) => [...text].map((key, i) => ({ key, at: 1000 + i * gap }));

describe("a tray-label scan", () => {
  it("is keystrokes 10 ms apart spelling an invoice", () => {
    expect(scannedInvoice(typed("PAR-100909", 10))).toBe("PAR-100909");
    expect(scannedInvoice(typed("onl-100188", 10))).toBe("ONL-100188");
  });

  it("is not a person typing the same invoice, a short burst, or something else", () => {
    expect(scannedInvoice(typed("PAR-100909", 120))).toBeNull();
    expect(scannedInvoice(typed("PAR-1", 5))).toBeNull();
    expect(scannedInvoice(typed("hello world", 5))).toBeNull();
    const oneSlow = typed("PAR-100909", 10);
    oneSlow[5].at += 200;
    expect(scannedInvoice(oneSlow)).toBeNull();
  });

  it("reads invoice numbers as the labels print them", () => {
    expect(looksLikeInvoice("FRE-101573")).toBe(true);
    expect(looksLikeInvoice("ONLAU-100001")).toBe(true);
    expect(looksLikeInvoice("100909")).toBe(false);
  });
});
