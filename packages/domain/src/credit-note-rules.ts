// What a refund's credit note must say for the outlet's country (ADR 0033), beside the receipt's
// own rules (`receiptRules`). A refund after a tax invoice changes the tax on it, so:
// - AU: an "Adjustment note" (ATO, Adjustment notes): the seller's identity and ABN, the date, the
//   original invoice, the amount and the GST adjustment, why; the buyer's identity from A$1,000.
// - NZ: a "Credit note" (Inland Revenue, supply correction information, from 1 April 2023): the
//   supplier and GST number, the date, the original supply, the credit and its GST, why; the
//   recipient from NZ$1,000.
// - CA: a "Credit note" (Excise Tax Act s. 232, GST/HST Memorandum 8.4): the registrant's name and
//   GST/HST number, the recipient's name, the date, the original invoice, the credit and the tax it
//   returns (GST, HST, PST, QST as charged), zero-rated prescription eyewear without tax.
import { RECEIPT_THRESHOLDS, receiptRules } from "./receipt-tax";

export interface CreditNoteRules {
  title: string;
  registrationLabel: string;
  showBuyer: boolean;
  /** "GST adjustment", "GST credited", "Tax credited". */
  taxHeading: string;
  statement: string;
  rates: ReturnType<typeof receiptRules>["rates"];
}

export function creditNoteRules(
  countryCode: string,
  province: string | null,
  amountMinor: number,
): CreditNoteRules {
  const receipt = receiptRules(countryCode, province, amountMinor);
  if (countryCode === "NZ")
    return {
      title: "Credit note",
      registrationLabel: receipt.registrationLabel,
      showBuyer: amountMinor > RECEIPT_THRESHOLDS.nzBuyer,
      taxHeading: "GST credited",
      statement:
        "This credit note reduces the GST charged on the original supply. Amounts include GST at 15%.",
      rates: receipt.rates,
    };
  if (countryCode === "CA")
    return {
      title: "Credit note",
      registrationLabel: receipt.registrationLabel,
      // The recipient's name is part of every credit note (ETA s. 232(3)).
      showBuyer: true,
      taxHeading: "Tax credited",
      statement:
        "This credit note reduces the tax charged on the original invoice. Prescription eyeglasses and contact lenses are zero-rated.",
      rates: receipt.rates,
    };
  return {
    title: "Adjustment note",
    registrationLabel: receipt.registrationLabel,
    showBuyer: amountMinor >= RECEIPT_THRESHOLDS.auBuyer,
    taxHeading: "GST adjustment",
    statement: "This adjustment note reduces the GST payable on the tax invoice above. Amounts include GST.",
    rates: receipt.rates,
  };
}
