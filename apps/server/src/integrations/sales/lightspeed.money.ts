// Lightspeed X-Series sends money as JSON numbers (or decimal strings) with up to five decimals,
// tax-exclusive unit prices beside their tax (e.g. 180.90909 + 18.09091 for a 199.00 AU retail
// price). Loupe keeps integer minor units. Floats would drift (19.99 * 100 = 1998.9999…), so the
// amounts are read as exact decimals scaled to 1e-8, added and multiplied as bigints, and rounded
// to cents once, half away from zero, at the end.

const SCALE_DIGITS = 8;
const SCALE = 10n ** BigInt(SCALE_DIGITS);
const TO_CENTS = SCALE / 100n;

/** An exact decimal, in units of 1e-8. */
export type Scaled = bigint;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** Reads a JSON number or decimal string exactly; null when it is not a finite decimal. */
export function toScaled(value: number | string): Scaled | null {
  if (typeof value === "number" && !Number.isFinite(value)) return null;
  const text = String(value).trim();
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === "" && (match[3] ?? "") === "")) return null;
  const [, sign, whole = "", fraction = "", exponent = "0"] = match;
  const shift = Number(exponent) + SCALE_DIGITS;
  let digits = whole + fraction;
  let point = whole.length + shift; // where the decimal point falls in `digits` once scaled
  if (point < 0) {
    digits = "0".repeat(-point) + digits;
    point = 0;
  }
  if (point > digits.length) digits += "0".repeat(point - digits.length);
  const kept = BigInt(digits.slice(0, point) || "0");
  // Beyond 1e-8: round half away from zero on the first dropped digit.
  const roundUp = (digits[point] ?? "0") >= "5" ? 1n : 0n;
  const magnitude = kept + roundUp;
  return sign === "-" ? -magnitude : magnitude;
}

/** Rounds to integer minor units (cents), half away from zero. */
export function scaledToMinor(value: Scaled): number {
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const cents = (magnitude + TO_CENTS / 2n) / TO_CENTS;
  return Number(negative ? -cents : cents);
}

/** value × numerator ÷ denominator, rounded half away from zero at 1e-8. */
export function scaledRatio(value: Scaled, numerator: Scaled, denominator: Scaled): Scaled {
  if (denominator === 0n) return value;
  const product = value * numerator;
  const negative = product < 0n !== denominator < 0n;
  const p = product < 0n ? -product : product;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (p + d / 2n) / d;
  return negative ? -q : q;
}

/** value × a (possibly fractional) quantity, exactly as far as the quantity's decimals go. */
export function scaledTimes(value: Scaled, quantity: Scaled): Scaled {
  return scaledRatio(value, quantity, SCALE);
}

/** A scaled decimal as the shortest plain decimal string ("180.90909"), for the stand-in's JSON. */
export function scaledToDecimal(value: Scaled): string {
  const negative = value < 0n;
  const magnitude = (negative ? -value : value).toString().padStart(SCALE_DIGITS + 1, "0");
  const whole = magnitude.slice(0, -SCALE_DIGITS);
  const fraction = magnitude.slice(-SCALE_DIGITS).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

export const SCALED_ONE = SCALE;
