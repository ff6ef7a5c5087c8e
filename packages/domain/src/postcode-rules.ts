// Postcodes as the post offices write them (issue 52, ADR 0051). The spec's AU rule ("numeric between
// 1000 and 9999") refuses the Northern Territory's and the ACT's real postcodes (Darwin 0800,
// Canberra's 0200), so a postcode is text: its leading zero is kept and never read as a number.
// - AU: four digits from 0200 (Australia Post: 0200–0299 ACT, 0800–0999 NT, 1000–9999 the rest).
// - NZ: four digits, leading zero included (NZ Post: Whangārei 0110, Kaitaia 0410).
// - CA: the postal code "A1A 1A1" (Canada Post: no D, F, I, O, Q or U; W and Z never first),
//   either case, with or without the space.
// Other countries: required only, as the spec says.

export const POSTCODE_MESSAGES = {
  AU: "The Postcode field has to be 4 digits, between 0200 and 9999",
  NZ: "The Postcode field has to be 4 digits",
  CA: "The Postcode field has to be a Canadian postal code such as K1A 0B1",
} as const;

const PATTERNS: Record<keyof typeof POSTCODE_MESSAGES, RegExp> = {
  AU: /^(02\d\d|0[89]\d\d|[1-9]\d{3})$/,
  NZ: /^\d{4}$/,
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
};

/** The refusal for a postcode in this country, or null when the post office would accept it. */
export function postcodeError(country: string, postcode: string): string | null {
  const code = country.trim().toUpperCase() as keyof typeof POSTCODE_MESSAGES;
  const pattern = PATTERNS[code];
  if (!pattern || !postcode.trim()) return null;
  return pattern.test(postcode.trim()) ? null : POSTCODE_MESSAGES[code];
}
