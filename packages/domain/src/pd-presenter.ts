import { type PdHeightField, type PdWidthField, pdErrorForLensType } from "./pd-rules";

// The PD presenter (customers-area §3): what a PD gives for one purpose and lens type.
// Widths come from the monocular values of the purpose, else half the binocular value; heights
// from the lens type's pair (multifocal, bifocal, desk/work, otherwise aspheric).

export type PdPurpose = "distance" | "intermediate" | "reading";
type Pd = Partial<Record<PdWidthField | PdHeightField, number | null>>;

const KEYS: Record<PdPurpose, { bi: PdWidthField; r: PdWidthField; l: PdWidthField }> = {
  distance: { bi: "binocular_dist_pd", r: "right_dist_pd", l: "left_dist_pd" },
  intermediate: { bi: "binocular_int_pd", r: "right_int_pd", l: "left_int_pd" },
  reading: { bi: "binocular_reading_pd", r: "right_reading_pd", l: "left_reading_pd" },
};

const heightKind = (lensType?: string | null) =>
  lensType === "multifocal"
    ? "multifocal"
    : lensType === "bifocal"
      ? "bifocal"
      : lensType === "desk" || lensType === "work"
        ? "desk"
        : "aspheric";

export interface PdPresentation {
  data: {
    width: { right: number | null; left: number | null; binocular: number | null; pdZone: PdPurpose };
    height: { right: number | null; left: number | null; pdZone: string; error_message: string | null };
  };
  message: string | null;
  error: string | null;
}

export function presentPd(
  pd: Pd,
  options: { purpose?: PdPurpose; lensType?: string | null; category?: string | null } = {},
): PdPresentation {
  const purpose = options.purpose ?? "distance";
  const k = KEYS[purpose];
  const bi = pd[k.bi] ?? (pd[k.r] != null && pd[k.l] != null ? pd[k.r]! + pd[k.l]! : null);
  const right = pd[k.r] ?? (bi != null ? bi / 2 : null);
  const left = pd[k.l] ?? (bi != null ? bi / 2 : null);
  const kind = heightKind(options.lensType);
  const hr = pd[`right_height_${kind}` as PdHeightField] ?? null;
  const hl = pd[`left_height_${kind}` as PdHeightField] ?? null;
  const error = pdErrorForLensType(pd, options.lensType, options.category);
  const needsHeights = kind !== "aspheric";
  const heightError =
    needsHeights && (hr == null || hl == null) ? `Right and left ${kind} heights are needed.` : null;
  return {
    data: {
      width: { right, left, binocular: bi, pdZone: purpose },
      height: { right: hr, left: hl, pdZone: kind, error_message: heightError },
    },
    message: bi == null ? `No ${purpose} PD recorded.` : null,
    error: error ?? (bi == null ? `No ${purpose} PD recorded.` : null),
  };
}
