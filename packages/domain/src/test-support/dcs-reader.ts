// A second reader of DCS (VCA) records, written from the standard's rules and not from Loupe's
// builder, so a test can check that what the builder writes means what was ordered:
//  - a record is lines ended by CR LF; each line is LABEL=data, the label upper-case letters,
//    digits and underscores (an underscore first for labels private to the parties);
//  - data is one value or several separated by ";"; a chiral label gives right;left, and a single
//    value stands for both eyes; "?" is a value not known (DCS 3.2, reserved characters);
//  - values are printable ASCII; "=" and ";" never appear inside one;
//  - a label appears once, except those the standard lets repeat (REM, one remark per line).
// It is strict: anything outside these rules throws, naming the line.

/** Labels whose values are numbers, by the standard's data types (ETYP an integer). */
const NUMERIC = new Set([
  "SPH",
  "CYL",
  "AX",
  "ADD",
  "PRVM",
  "PRVA",
  "IPD",
  "NPD",
  "SEGHT",
  "OCHT",
  "HBOX",
  "VBOX",
  "DBL",
  "LIND",
  "DIA",
  "ETYP",
]);
/** Labels with a value per eye. */
const CHIRAL = new Set([
  "SPH",
  "CYL",
  "AX",
  "ADD",
  "PRVM",
  "PRVA",
  "IPD",
  "NPD",
  "SEGHT",
  "OCHT",
  "HBOX",
  "VBOX",
  "LIND",
  "DIA",
  "LMFR",
  "LNAM",
  "LTYP",
  "TINT",
  "ACOAT",
  "COLR",
  "_LTYP",
  "_COLR",
]);
/** Labels that may repeat, one value per line, read in order. */
const REPEATING = new Set(["REM"]);

export type Side = "right" | "left";

export interface DcsReading {
  labels: string[];
  has(label: string): boolean;
  /** A one-value label's text, null when absent or unknown. */
  text(label: string): string | null;
  /** A chiral label's values, right then left; null for unknown; undefined when absent. */
  texts(label: string): [string | null, string | null] | undefined;
  numbers(label: string): [number | null, number | null] | undefined;
  number(label: string): number | null | undefined;
  /** The REM lines in order. */
  remarks: string[];
  /** The raw text of a value as written (to check decimals). */
  raw(label: string): string[] | undefined;
}

export function readDcs(record: string): DcsReading {
  if (!record.endsWith("\r\n")) throw new Error("A DCS record ends its last line with CR LF.");
  const body = record.slice(0, -2);
  const lines = body.split("\r\n");
  const values = new Map<string, string[]>();
  const remarks: string[] = [];
  const order: string[] = [];
  lines.forEach((line, i) => {
    const where = `line ${i + 1} (${JSON.stringify(line)})`;
    if (/[\r\n]/.test(line)) throw new Error(`${where}: a bare CR or LF inside the record.`);
    if (!/^[\x20-\x7e]*$/.test(line)) throw new Error(`${where}: not printable ASCII.`);
    const at = line.indexOf("=");
    if (at <= 0) throw new Error(`${where}: no LABEL=.`);
    const label = line.slice(0, at);
    const data = line.slice(at + 1);
    if (!/^[A-Z_][A-Z0-9_]*$/.test(label)) throw new Error(`${where}: not a label.`);
    if (data.includes("=")) throw new Error(`${where}: "=" inside a value.`);
    if (REPEATING.has(label)) {
      if (data.includes(";")) throw new Error(`${where}: ";" inside a remark.`);
      remarks.push(data);
      if (!order.includes(label)) order.push(label);
      return;
    }
    if (values.has(label)) throw new Error(`${where}: ${label} appears twice.`);
    const parts = data.split(";");
    if (CHIRAL.has(label) ? parts.length > 2 : parts.length > 1)
      throw new Error(`${where}: too many values for ${label}.`);
    if (NUMERIC.has(label))
      for (const p of parts)
        if (p !== "?" && !/^-?\d+(\.\d+)?$/.test(p)) throw new Error(`${where}: ${p} is not a number.`);
    values.set(label, parts);
    order.push(label);
  });
  const known = (v: string) => (v === "?" ? null : v);
  const chiral = (label: string): [string, string] | undefined => {
    const v = values.get(label);
    if (!v) return undefined;
    return [v[0], v.length > 1 ? v[1] : v[0]];
  };
  return {
    labels: order,
    has: (label) => values.has(label) || (REPEATING.has(label) && remarks.length > 0),
    text: (label) => {
      const v = values.get(label);
      return v ? known(v[0]) : null;
    },
    texts: (label) => {
      const v = chiral(label);
      return v ? [known(v[0]), known(v[1])] : undefined;
    },
    numbers: (label) => {
      const v = chiral(label);
      if (!v) return undefined;
      const n = (s: string) => (s === "?" ? null : Number(s));
      return [n(v[0]), n(v[1])];
    },
    number: (label) => {
      const v = values.get(label);
      if (!v) return undefined;
      return v[0] === "?" ? null : Number(v[0]);
    },
    remarks,
    raw: (label) => values.get(label),
  };
}
