import { describe, expect, it } from "vitest";
import {
  buildDcsRecord,
  dcsOrderFromSnapshot,
  dcsText,
  type LensOrderSnapshot,
  prismToPolar,
} from "./dcs-record";

const lens = (name: string, diameters: number[], extra: Record<string, unknown> = {}) => ({
  id: 7,
  lenses: {
    name,
    index: 1.6,
    diameters,
    supplier: { name: "Hoya" },
    lens_color: null,
    lens_type: "multifocal",
  },
  coating: { name: "ar", display_name: "Anti-reflection" },
  tint: null,
  ...extra,
});

describe("the DCS record", () => {
  it("writes a multifocal order as checked by hand: powers, add, prism in 360° notation, PDs, heights, box, edging", () => {
    const snapshot: LensOrderSnapshot = {
      customize: { Frame: { shape: "classic", size: "M" } },
      prescription: {
        right_sph: -2,
        right_cyl: -0.75,
        right_axis: 90,
        left_sph: -2.5,
        left_cyl: null,
        left_axis: null,
        spectacles: {
          right_near_add: 2,
          left_near_add: 2,
          prisms: { right_horiz_dist: 1, left_vert_dist: -0.5 },
        },
      },
      pd: { binocular_dist_pd: 62, right_height_multifocal: 22, left_height_multifocal: 21.5 },
      lens_addon_combination: lens("Hoyalux iD MyStyle long", [75, 70]),
    };
    const record = buildDcsRecord(
      dcsOrderFromSnapshot(snapshot, {
        job: "INV1-5-1",
        client: "LOVELACE A",
        eyes: "both",
        edging: "UnCut",
        notes: "Rush; thanks",
        lensType: "multifocal",
        lensCode: "HLXMSL",
      }),
    );
    expect(record).toBe(
      [
        "REQ=FIL",
        "OMAV=3.12",
        "VEN=Loupe",
        "JOB=INV1-5-1",
        "DO=B",
        "CLIENT=LOVELACE A",
        "LMFR=Hoya;Hoya",
        "LNAM=HLXMSL;HLXMSL",
        "LTYP=PR;PR",
        "LIND=1.60;1.60",
        "ACOAT=Anti-reflection;Anti-reflection",
        "DIA=70;70",
        "SPH=-2.00;-2.50",
        "CYL=-0.75;0.00",
        "AX=90;0",
        "ADD=2.00;2.00",
        "PRVM=1.00;0.50",
        "PRVA=180;270",
        "IPD=31.00;31.00",
        "SEGHT=22.00;21.50",
        "HBOX=50.00;50.00",
        "VBOX=39.00;39.00",
        "DBL=20.00",
        "ETYP=-1",
        "_EDGE=UNCUT",
        "REM=Lens: Hoyalux iD MyStyle long",
        "REM=Rush, thanks",
        "",
      ].join("\r\n"),
    );
  });

  it("writes single-vision readers in their near power with the near prism, right eye only, frame to come", () => {
    const snapshot: LensOrderSnapshot = {
      customize: { Frame: { shape: "round", size: "S" } },
      prescription: {
        type: "reading",
        right_sph: 1,
        right_cyl: -0.5,
        right_axis: 180,
        left_sph: 0.75,
        spectacles: { right_near_add: 2.25, left_near_add: 2.25, prisms: { right_horiz_near: -2 } },
      },
      pd: { binocular_dist_pd: 63, binocular_reading_pd: 60 },
      lens_addon_combination: lens("Hoya Nulux 1.60", [65, 70, 75], { coating: null }),
    };
    const record = buildDcsRecord(
      dcsOrderFromSnapshot(snapshot, {
        job: "R-1",
        client: "Zoë Quinn",
        eyes: "right",
        edging: "FTC",
        lensType: "single-vision",
        manufacturer: "Hoya",
        lensCode: "NLX160",
      }),
    );
    expect(record.split("\r\n")).toEqual([
      "REQ=FIL",
      "OMAV=3.12",
      "VEN=Loupe",
      "JOB=R-1",
      "DO=R",
      "CLIENT=Zoe Quinn",
      "LMFR=Hoya;Hoya",
      "LNAM=NLX160;NLX160",
      "LTYP=SV;SV",
      "LIND=1.60;1.60",
      "DIA=70;70",
      "SPH=3.25;3.00",
      "CYL=-0.50;0.00",
      "AX=180;0",
      "PRVM=2.00;0.00",
      "PRVA=0;0",
      "IPD=30.00;30.00",
      "HBOX=46.00;46.00",
      "VBOX=44.00;44.00",
      "DBL=20.00",
      "ETYP=1",
      "_EDGE=FTC",
      "REM=FRAME TO COME",
      "REM=Lens: Hoya Nulux 1.60",
      "",
    ]);
  });

  it("leaves the box out for the customer's own frame (nd) and orders the largest blank", () => {
    const record = buildDcsRecord(
      dcsOrderFromSnapshot(
        {
          customize: { Frame: { shape: "non-brand", size: "nd" } },
          prescription: { right_sph: -1, left_sph: -1 },
          pd: { binocular_dist_pd: 60 },
          lens_addon_combination: lens("Hoya Nulux 1.60", [65, 75]),
        },
        { job: "N-1", eyes: "left", edging: "Cut", lensType: "single-vision" },
      ),
    );
    expect(record).toContain("DO=L\r\n");
    expect(record).toContain("DIA=75;75\r\n");
    expect(record).not.toContain("HBOX");
    expect(record).toContain("ETYP=?\r\n");
    expect(record).toContain("_EDGE=CUT\r\n");
    expect(record.endsWith("\r\n")).toBe(true);
    expect(record.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("turns prism components into DCS magnitude and base angle", () => {
    expect(prismToPolar("right", 0, 0)).toBeNull();
    expect(prismToPolar("right", -1, 0)).toEqual({ magnitude: 1, angle: 0 }); // base in
    expect(prismToPolar("left", -1, 0)).toEqual({ magnitude: 1, angle: 180 }); // base in
    expect(prismToPolar("left", 2, 0)).toEqual({ magnitude: 2, angle: 0 }); // base out
    expect(prismToPolar("right", 0, 1.5)).toEqual({ magnitude: 1.5, angle: 90 }); // base up
    expect(prismToPolar("right", -1, 1)).toEqual({ magnitude: 1.41, angle: 45 }); // in and up
  });

  it("keeps text values to printable ASCII without separators, bounded between words", () => {
    expect(dcsText("Renée; O=Brien\n")).toBe("Renee, O-Brien");
    expect(dcsText("x".repeat(50))).toHaveLength(30);
    expect(dcsText("Flat-top 28 bifocal, Transitions")).toBe("Flat-top 28 bifocal,");
  });
});
