// What a receipt must say for the outlet's country (ADR 0007 lists the sources). Order totals are
// the amounts the customer was charged, tax included; the tax lines say how much of that is tax.

export interface ReceiptTaxRate {
  /** "GST", "HST", "PST", "QST". */
  name: string;
  rate: number;
}

export interface ReceiptRules {
  title: string;
  /** The label of the seller's tax registration: "ABN", "GST number", "GST/HST number". */
  registrationLabel: string;
  /** Whether the registration number must be printed at this total. */
  showRegistration: boolean;
  /** Whether the buyer's identity must be printed at this total. */
  showBuyer: boolean;
  /** Rates that apply to taxable items at this outlet. */
  rates: ReceiptTaxRate[];
  /** The sentence under the totals. */
  statement: string;
}

/** Canadian sales tax by province or territory (2026): HST alone, or GST plus the provincial tax. */
export const CA_SALES_TAX: Record<string, ReceiptTaxRate[]> = {
  AB: [{ name: "GST", rate: 0.05 }],
  BC: [
    { name: "GST", rate: 0.05 },
    { name: "PST", rate: 0.07 },
  ],
  MB: [
    { name: "GST", rate: 0.05 },
    { name: "RST", rate: 0.07 },
  ],
  NB: [{ name: "HST", rate: 0.15 }],
  NL: [{ name: "HST", rate: 0.15 }],
  NS: [{ name: "HST", rate: 0.14 }],
  NT: [{ name: "GST", rate: 0.05 }],
  NU: [{ name: "GST", rate: 0.05 }],
  ON: [{ name: "HST", rate: 0.13 }],
  PE: [{ name: "HST", rate: 0.15 }],
  QC: [
    { name: "GST", rate: 0.05 },
    { name: "QST", rate: 0.09975 },
  ],
  SK: [
    { name: "GST", rate: 0.05 },
    { name: "PST", rate: 0.06 },
  ],
  YT: [{ name: "GST", rate: 0.05 }],
};

/** Thresholds in minor units of the outlet's currency. */
export const RECEIPT_THRESHOLDS = {
  /** AU: from A$1,000 a tax invoice shows the buyer's identity or ABN. */
  auBuyer: 100_000,
  /** NZ: above NZ$200 taxable supply information is required; above NZ$1,000 the recipient too. */
  nzSupplyInformation: 20_000,
  nzBuyer: 100_000,
  /** CA: from C$100 the GST/HST number and the tax; from C$500 the buyer's name and terms too. */
  caRegistration: 10_000,
  caBuyer: 50_000,
} as const;

export function receiptRules(countryCode: string, province: string | null, totalMinor: number): ReceiptRules {
  if (countryCode === "NZ") {
    return {
      title:
        totalMinor > RECEIPT_THRESHOLDS.nzSupplyInformation
          ? "Receipt: taxable supply information"
          : "Receipt",
      registrationLabel: "GST number",
      // Printed on every receipt; only required above NZ$200.
      showRegistration: true,
      showBuyer: totalMinor > RECEIPT_THRESHOLDS.nzBuyer,
      rates: [{ name: "GST", rate: 0.15 }],
      statement: "All prices include GST at 15%.",
    };
  }
  if (countryCode === "CA") {
    const rates = CA_SALES_TAX[(province ?? "ON").toUpperCase()] ?? CA_SALES_TAX.ON;
    return {
      title: "Receipt",
      registrationLabel: rates.some((r) => r.name === "HST") ? "GST/HST number" : "GST number",
      showRegistration: totalMinor >= RECEIPT_THRESHOLDS.caRegistration,
      showBuyer: totalMinor >= RECEIPT_THRESHOLDS.caBuyer,
      rates,
      statement:
        "Prices include sales tax. Prescription eyeglasses and contact lenses are zero-rated (Excise Tax Act, Schedule VI, Part II).",
    };
  }
  return {
    title: "Tax invoice",
    registrationLabel: "ABN",
    showRegistration: true,
    showBuyer: totalMinor >= RECEIPT_THRESHOLDS.auBuyer,
    rates: [{ name: "GST", rate: 0.1 }],
    statement: "Total price includes GST.",
  };
}

/** Whether an item carries tax: Canada zero-rates prescription eyewear; AU and NZ tax it. */
export const isTaxableOnReceipt = (countryCode: string, requiresPrescription: boolean) =>
  !(countryCode === "CA" && requiresPrescription);

/**
 * The tax inside tax-inclusive amounts, per rate, in minor units. Each rate is worked out on the
 * net amount (gross ÷ (1 + all rates)), then rounded half up to the cent.
 */
export function includedTax(
  grossTaxableMinor: number,
  rates: readonly ReceiptTaxRate[],
): { name: string; rate: number; amountMinor: number }[] {
  const sum = rates.reduce((n, r) => n + r.rate, 0);
  const net = grossTaxableMinor / (1 + sum);
  return rates.map((r) => ({ name: r.name, rate: r.rate, amountMinor: Math.round(net * r.rate) }));
}

/** "10%", "9.975%". */
export const formatRate = (rate: number) => `${Number((rate * 100).toFixed(3))}%`;
