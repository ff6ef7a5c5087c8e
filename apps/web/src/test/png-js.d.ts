// png-js ships no types; the one use is decoding a generated barcode PNG in a test.
declare module "png-js" {
  export default class PNG {
    constructor(data: Uint8Array);
    width: number;
    height: number;
    decode(done: (pixels: Buffer) => void): void;
  }
}
