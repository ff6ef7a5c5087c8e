import type { ScanResult } from "@loupe/domain";

/**
 * One short sound per result, so staff at the bench hear each scan's outcome without looking:
 * a high blip for a move, a low buzz for a refusal. Web Audio oscillators, no sound files.
 * Each tone is [frequency Hz, length ms], played one after another.
 */
export const SCAN_TONES: Record<ScanResult, [number, number][]> = {
  moved: [[1046, 90]],
  already: [
    [784, 70],
    [784, 70],
  ],
  refused: [[196, 260]],
  "not-found": [
    [330, 120],
    [247, 160],
  ],
  undone: [
    [784, 70],
    [523, 110],
  ],
  changed: [
    [247, 120],
    [196, 220],
  ],
};

type AudioContextClass = typeof AudioContext;
let context: AudioContext | undefined;

/** Plays the result's tones; silent where the browser has no Web Audio (or refuses it). */
export function playScanSound(result: ScanResult) {
  try {
    const Context =
      (globalThis as { AudioContext?: AudioContextClass }).AudioContext ??
      (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
    if (!Context) return;
    context ??= new Context();
    let at = context.currentTime;
    for (const [frequency, ms] of SCAN_TONES[result]) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = "square";
      osc.frequency.value = frequency;
      // Quiet, and faded out rather than cut, so it does not click.
      gain.gain.setValueAtTime(0.08, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + ms / 1000);
      at += ms / 1000 + 0.03;
    }
  } catch {
    // A sound is a nicety: the colour in the list says the same.
  }
}
