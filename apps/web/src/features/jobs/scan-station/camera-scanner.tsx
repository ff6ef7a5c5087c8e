import { looksLikeInvoice } from "@loupe/domain";
import { Alert, Box, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";

/** How often a frame is read: often enough to feel instant, rarely enough for a tablet's battery. */
const FRAME_EVERY_MS = 250;

type Detect = (frame: HTMLCanvasElement) => Promise<string | null>;

interface NativeDetector {
  detect(source: HTMLCanvasElement): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's own BarcodeDetector where it reads Code 128 (Chrome on Android tablets, Safari),
 * else ZXing's Code 128 reader, loaded now and only now.
 */
async function makeDetector(): Promise<Detect> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  const formats: string[] = Native ? await Native.getSupportedFormats().catch(() => []) : [];
  if (Native && formats.includes("code_128")) {
    const detector = new Native({ formats: ["code_128"] });
    return async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
  }
  const { readCode128 } = await import("./code128-reader");
  return async (frame) => {
    const ctx = frame.getContext("2d", { willReadFrequently: true });
    return ctx ? readCode128(ctx.getImageData(0, 0, frame.width, frame.height)) : null;
  };
}

/**
 * The camera as a scanner, for tablets (issue 29): the back camera's picture, read a few times a
 * second; every invoice read goes to `onRead`, the same handler as the keyboard-wedge scanner
 * (which folds the same label seen in many frames into one scan).
 */
export default function CameraScanner({ onRead }: { onRead: (invoice: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const read = useRef(onRead);
  read.current = onRead;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement("canvas");
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia)
          throw new Error("This browser gives no access to a camera (it needs https).");
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: "environment" }, width: { ideal: 1280 } },
          audio: false,
        });
        if (stopped) return;
        const el = video.current!;
        el.srcObject = stream;
        await el.play();
        const detect = await makeDetector();
        setReady(true);
        const tick = async () => {
          if (stopped) return;
          if (el.videoWidth) {
            canvas.width = el.videoWidth;
            canvas.height = el.videoHeight;
            canvas.getContext("2d", { willReadFrequently: true })?.drawImage(el, 0, 0);
            const text = await detect(canvas).catch(() => null);
            if (text && looksLikeInvoice(text) && !stopped) read.current(text.trim().toUpperCase());
          }
          timer = setTimeout(tick, FRAME_EVERY_MS);
        };
        tick();
      } catch (err) {
        if (!stopped) setError(err instanceof Error ? err.message : String(err));
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Box data-testid="camera-scanner" mb="sm">
      {error ? (
        <Alert color="red" mb="xs" title="The camera could not be opened">
          {error}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed" mb="xs">
          {ready ? "Hold a tray label's barcode in front of the camera." : "Opening the camera…"}
        </Text>
      )}
      <video
        ref={video}
        muted
        playsInline
        style={{ width: 320, maxWidth: "100%", borderRadius: 4, background: "#000" }}
      />
    </Box>
  );
}
