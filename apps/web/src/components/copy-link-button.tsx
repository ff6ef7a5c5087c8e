import { Button } from "@mantine/core";
import { useEffect, useState } from "react";

/**
 * Copies the full address of a job or customer (`/jobs/PAR-100909`, `/customers/42`) to paste in an
 * e-mail, a chat or a bookmark. The link opens the record for anyone signed in. A plain button with
 * the address as its title (no tooltip component: the customers screen is on the first screen's
 * JavaScript budget).
 */
/** The address in full; where the page has no web address of its own (a test page), the path. */
const fullAddress = (path: string) => {
  try {
    return new URL(path, window.location.href).toString();
  } catch {
    return path;
  }
};

export function CopyLinkButton({ path, label = "Copy link" }: { path: string; label?: string }) {
  const url = fullAddress(path);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = () => {
    navigator.clipboard?.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Button size="xs" variant="default" onClick={copy} title={url} data-testid="copy-link" data-url={url}>
      {copied ? "Link copied" : label}
    </Button>
  );
}
