/**
 * File bytes for previews, viewers and downloads. They are fetched with the bearer token in the
 * Authorization header (never in the URL) and shown from a `blob:` object URL that lives only in
 * this tab and is revoked once it has served: nothing reusable reaches browser history, server
 * logs or a copied link.
 */
import { useEffect, useState } from "react";
import { ApiError, isSessionGone } from "./api-client";
import { readSession } from "./session";

/** Fetches a file's bytes (a `full_path` or `full_thumbnail_path` from the API) as a Blob. */
export async function fetchFileBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const token = readSession()?.token;
  const res = await fetch(path, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      "x-loupe-screen": window.location.pathname,
    },
    signal,
  });
  if (!res.ok) {
    let body: { message?: string; error?: string; code?: string } = {};
    try {
      body = await res.json();
    } catch {
      // Not JSON: the status says enough.
    }
    if (isSessionGone(res.status, body) && window.location.pathname !== "/logout")
      window.location.assign("/logout");
    throw new ApiError(res.status, body);
  }
  return res.blob();
}

/**
 * An object URL for a file, for `<img>`, `<iframe>` or CSS; undefined while it loads (or when
 * `path` is empty). The URL is revoked when the component unmounts or the path changes.
 */
export function useFileObjectUrl(path: string | null | undefined): {
  url: string | undefined;
  error: unknown;
} {
  const [state, setState] = useState<{ url?: string; error?: unknown }>({});
  useEffect(() => {
    if (!path) return;
    const abort = new AbortController();
    let url: string | undefined;
    fetchFileBlob(path, abort.signal)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setState({ url });
      })
      .catch((error) => {
        if (!abort.signal.aborted) setState({ error });
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
      setState({});
    };
  }, [path]);
  return { url: state.url, error: state.error };
}

/** How long a handed-over object URL is kept for the browser to start the download or tab. */
const HAND_OVER_MS = 60_000;

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), HAND_OVER_MS);
}

/** Saves a file under its own name (the browser's download, from a short-lived object URL). */
export async function downloadFileBlob(path: string, fileName: string): Promise<void> {
  saveBlob(await fetchFileBlob(path), fileName);
}

/**
 * Opens a file in a new tab (images and PDFs in the browser's own viewer). The tab is opened at
 * once, while the click still counts as the user's, and pointed at the bytes when they arrive;
 * if the browser blocks the tab, the file is saved instead.
 */
export async function openFileBlob(path: string, fileName: string): Promise<void> {
  const tab = window.open("", "_blank");
  try {
    const blob = await fetchFileBlob(path);
    if (!tab) return saveBlob(blob, fileName);
    const url = URL.createObjectURL(blob);
    tab.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), HAND_OVER_MS);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
