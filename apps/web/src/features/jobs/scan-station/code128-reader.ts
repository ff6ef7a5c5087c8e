// One file each, not the package's index: the index brings every format's reader and writer
// (110 KB gzip); the Code 128 reader alone is a fraction of that.
import BarcodeFormat from "@zxing/library/esm/core/BarcodeFormat";
import BinaryBitmap from "@zxing/library/esm/core/BinaryBitmap";
import HybridBinarizer from "@zxing/library/esm/core/common/HybridBinarizer";
import DecodeHintType from "@zxing/library/esm/core/DecodeHintType";
import Code128Reader from "@zxing/library/esm/core/oned/Code128Reader";
import RGBLuminanceSource from "@zxing/library/esm/core/RGBLuminanceSource";

// Reads the tray label's Code 128 from a camera frame where the browser has no BarcodeDetector
// (Chrome on desktop Linux and Windows, Firefox, Safari). Only the Code 128 reader of ZXing is
// used, and this file is loaded only when the camera is first opened.

const reader = new Code128Reader();
const hints = new Map<DecodeHintType, unknown>([
  [DecodeHintType.TRY_HARDER, true],
  [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
]);

/** RGBA pixels (a canvas's ImageData) to one grey level per pixel, as ZXing reads them. */
function luminance(image: { data: Uint8ClampedArray; width: number; height: number }) {
  const out = new Uint8ClampedArray(image.width * image.height);
  const d = image.data;
  for (let p = 0, i = 0; p < out.length; p++, i += 4) {
    // Transparent pixels are paper (white): a label image may have no background.
    const a = d[i + 3] / 255;
    const grey = (d[i] * 299 + d[i + 1] * 587 + d[i + 2] * 114) / 1000;
    out[p] = grey * a + 255 * (1 - a);
  }
  return out;
}

/** The Code 128 text in the picture, or null when none can be read. */
export function readCode128(image: {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}): string | null {
  const source = new RGBLuminanceSource(luminance(image), image.width, image.height);
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
  } catch {
    // NotFound, Checksum, Format: this frame had no readable label; the next one may.
    return null;
  }
}
