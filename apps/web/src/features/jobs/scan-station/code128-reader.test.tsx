import bwipjs from "bwip-js/node";
import PNG from "png-js";
import { describe, expect, it } from "vitest";
import { readCode128 } from "./code128-reader";

/**
 * The tray label's barcode exactly as the label PDF draws it (bwip-js Code 128 at scale 3, bars
 * only: apps/server printing `code128`), as RGBA pixels the way a canvas hands a camera frame over.
 */
async function labelImage(text: string) {
  const png = new PNG(
    await bwipjs.toBuffer({ bcid: "code128", text, scale: 3, height: 10, includetext: false }),
  );
  const pixels = await new Promise<Buffer>((resolve) => png.decode(resolve));
  return { data: new Uint8ClampedArray(pixels), width: png.width, height: png.height };
}

/** The label as a camera sees it: on paper with a margin, smaller, unevenly lit and grainy. */
function asPhotographed(label: { data: Uint8ClampedArray; width: number; height: number }, zoom: number) {
  const margin = 40;
  const width = Math.round(label.width * zoom) + 2 * margin;
  const height = Math.round(label.height * zoom) + 2 * margin;
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  const noise = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 40;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sx = Math.floor((x - margin) / zoom);
      const sy = Math.floor((y - margin) / zoom);
      const inside = sx >= 0 && sy >= 0 && sx < label.width && sy < label.height;
      const i = (sy * label.width + sx) * 4;
      const ink = inside && label.data[i + 3] > 128 && label.data[i] < 128;
      // Paper greyer towards the right (a shadow), ink not quite black.
      const level = (ink ? 40 : 235 - (x / width) * 60) + noise();
      const o = (y * width + x) * 4;
      data[o] = data[o + 1] = data[o + 2] = level;
      data[o + 3] = 255;
    }
  return { data, width, height };
}

describe("reading a tray label's Code 128 from a camera frame", () => {
  it("reads the label as printed", async () => {
    expect(readCode128(await labelImage("PAR-100909"))).toBe("PAR-100909");
  });

  it("reads it photographed smaller, in a shadow, with grain", async () => {
    const label = await labelImage("ONL-100188");
    expect(readCode128(asPhotographed(label, 0.8))).toBe("ONL-100188");
    expect(readCode128(asPhotographed(label, 1.5))).toBe("ONL-100188");
  });

  it("answers null for a frame with no barcode in it", () => {
    const blank = { data: new Uint8ClampedArray(200 * 100 * 4).fill(230), width: 200, height: 100 };
    expect(readCode128(blank)).toBeNull();
  });
});
