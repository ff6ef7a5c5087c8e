// Tray-label scans (issue 29). A keyboard-wedge barcode scanner types the label's Code 128 (the
// job's invoice number) as keystrokes a few milliseconds apart and ends with Enter; a person types
// the same characters 80–300 ms apart. The gap tells them apart without any setting.

/** The longest gap between two of a scanner's keystrokes; people do not type this fast for long. */
export const SCAN_MAX_GAP_MS = 50;
/** Fewer characters than this is a person's quick burst, not a label. */
export const SCAN_MIN_LENGTH = 6;

/** What a tray label's barcode holds: an invoice number such as PAR-100909 or ONL-100188. */
export const looksLikeInvoice = (text: string): boolean => /^[A-Z]{2,6}-\d{3,}$/i.test(text.trim());

/**
 * Whether keystrokes (their characters and times, oldest first, up to the Enter) were a scan: long
 * enough, every gap within the scanner's, and shaped like an invoice. Answers the invoice or null.
 */
export function scannedInvoice(keys: { key: string; at: number }[]): string | null {
  if (keys.length < SCAN_MIN_LENGTH) return null;
  for (let i = 1; i < keys.length; i++) if (keys[i].at - keys[i - 1].at > SCAN_MAX_GAP_MS) return null;
  const text = keys.map((k) => k.key).join("");
  return looksLikeInvoice(text) ? text.trim().toUpperCase() : null;
}
