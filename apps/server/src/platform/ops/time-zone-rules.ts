// The server writes every time on receipts, dockets, labels and messages with the time-zone rules
// compiled into Node (ICU's copy of the IANA tz database), while staff read the same times in their
// browser, which carries its own, usually newer, copy. Rules older than a change in an outlet's zone
// print that outlet's times off by the change: Node 20.20 (tzdata 2025c) prints Vancouver an hour
// early from November 2026. Measured on the registry's Node builds (ADR 0050): British Columbia's
// permanent daylight time arrived in 2026b, Alberta's in 2026c, Manitoba's by 2026e (no Node build
// carries 2026d to test).

/** The oldest tz database release whose rules agree with today's for every outlet zone. */
export const MINIMUM_TZ_VERSION = "2026e";

/** A tz release name, "2026e": its year, then its letter(s) ("a" … "z", then "za" if ever needed). */
function parseTzVersion(version: string): { year: number; letters: string } | null {
  const m = /^(\d{4})([a-z]+)$/.exec(version.trim());
  return m ? { year: Number(m[1]), letters: m[2] } : null;
}

/** Whether release `a` is older than release `b`; null when either is not a release name. */
export function isOlderTzVersion(a: string, b: string): boolean | null {
  const x = parseTzVersion(a);
  const y = parseTzVersion(b);
  if (!x || !y) return null;
  if (x.year !== y.year) return x.year < y.year;
  if (x.letters.length !== y.letters.length) return x.letters.length < y.letters.length;
  return x.letters < y.letters;
}

/**
 * Why the server must not start on these rules, in words for whoever ran it; null when they will do.
 * `tzVersion` is `process.versions.tz` (undefined on a Node built without ICU's zone data).
 */
export function timeZoneRulesProblem(
  tzVersion: string | undefined,
  nodeVersion: string,
  minimum = MINIMUM_TZ_VERSION,
): string | null {
  const older = tzVersion ? isOlderTzVersion(tzVersion, minimum) : null;
  if (older === false) return null;
  const found = tzVersion ? `time-zone rules ${tzVersion}` : "no time-zone rules version";
  return (
    `Loupe will not start: Node ${nodeVersion} has ${found}, and Loupe needs ${minimum} or newer. ` +
    "With older rules it prints Vancouver, Edmonton and Winnipeg times an hour off on receipts, dockets " +
    "and labels. Start it with `npm start` (on Linux x64 it runs the Node 24 installed into node_modules), " +
    `or on a Node whose process.versions.tz is ${minimum} or newer (Node 24 from 24.22.1).`
  );
}
