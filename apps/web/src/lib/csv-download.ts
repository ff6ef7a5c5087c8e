/**
 * Downloads a CSV export (issue 29) with the bearer token in the header, never in the URL, reading
 * the streamed answer as it arrives so the screen can say how many rows have come so far. The bytes
 * are kept as they came (chunks in a Blob) and saved under the given name once complete. Loaded
 * when an export starts, not with the list.
 */
import { ApiError, isSessionGone } from "./api-client";
import { readSession } from "./session";

/** Counts CSV records in chunks of text, a line break inside a quoted cell not counting. */
export function csvRecordCounter() {
  let quoted = false;
  let records = 0;
  return (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) quoted = !quoted;
      else if (c === 10 && !quoted) records++;
    }
    return records;
  };
}

const HAND_OVER_MS = 60_000;

/** The file name the server gave (`Content-Disposition`, dated on the outlet's day), else the fallback. */
function fileNameOf(res: Response, fallback: string): string {
  const header = res.headers.get("content-disposition") ?? "";
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename=(?:"([^"]+)"|([^;\s]+))/i.exec(header);
  return plain?.[1] ?? plain?.[2] ?? fallback;
}

/** Fetches the export, reports rows so far (the header not counted), saves it; answers the row count and file name. */
export async function downloadCsv(
  url: string,
  fileName: string,
  onRows: (rows: number) => void,
  signal?: AbortSignal,
): Promise<{ rows: number; fileName: string }> {
  const token = readSession()?.token;
  const res = await fetch(url, {
    headers: {
      accept: "text/csv",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      "x-loupe-screen": window.location.pathname,
    },
    signal,
  });
  if (!res.ok || !res.body) {
    let body: Record<string, unknown> = {};
    try {
      body = await res.json();
    } catch {
      // Not JSON: the status says enough.
    }
    body.request_id ??= res.headers.get("x-request-id") ?? undefined;
    if (isSessionGone(res.status, body) && window.location.pathname !== "/logout")
      window.location.assign("/logout");
    throw new ApiError(res.status, body);
  }
  const count = csvRecordCounter();
  const decoder = new TextDecoder();
  const parts: Uint8Array[] = [];
  const reader = res.body.getReader();
  let rows = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    rows = Math.max(0, count(decoder.decode(value, { stream: true })) - 1);
    onRows(rows);
  }
  const blob = new Blob(parts as BlobPart[], { type: "text/csv;charset=utf-8" });
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  const name = fileNameOf(res, fileName);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), HAND_OVER_MS);
  return { rows, fileName: name };
}
