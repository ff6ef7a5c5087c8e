import { Button, CopyButton, Tooltip } from "@mantine/core";

/**
 * Copies the full address of a job or customer (`/jobs/PAR-100909`, `/customers/42`) to paste in an
 * e-mail, a chat or a bookmark. The link opens the record for anyone signed in.
 */
export function CopyLinkButton({ path, label = "Copy link" }: { path: string; label?: string }) {
  const url = new URL(path, window.location.origin).toString();
  return (
    <CopyButton value={url}>
      {({ copied, copy }) => (
        <Tooltip label={url} withArrow openDelay={400}>
          <Button size="xs" variant="default" onClick={copy} data-testid="copy-link" data-url={url}>
            {copied ? "Link copied" : label}
          </Button>
        </Tooltip>
      )}
    </CopyButton>
  );
}
