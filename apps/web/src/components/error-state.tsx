import { Alert, Button, Code, Group, Stack, Text } from "@mantine/core";
import { ApiError } from "../lib/api-client";
import { errorText } from "../lib/errors";
import { useShownError } from "../lib/shown-errors";

// A proxy's or a crashed server's HTML page is not words for staff.
const said = (error: unknown) => {
  const text = errorText(error, "");
  return !text || text.trimStart().startsWith("<")
    ? "The server did not answer. Try again in a moment."
    : text;
};

/**
 * A failed call, said plainly: what the server answered, the request id to quote to support (the
 * server logs every request under it), and Retry. Never "No data available." under a failure.
 */
export function ErrorState({
  error,
  onRetry,
  what = "this list",
}: {
  error: unknown;
  onRetry?: () => void;
  /** What failed to load, for the title: "Could not load this list". */
  what?: string;
}) {
  useShownError(error);
  const requestId = error instanceof ApiError ? error.requestId : undefined;
  const status = error instanceof ApiError && error.status ? ` (${error.status})` : "";
  // A refusal (issue 52) is the server saying who may see this: it is no outage, and asking again
  // changes nothing, so it is titled as a refusal and offers no Retry.
  const refused = error instanceof ApiError && error.status === 403;
  return (
    <Alert
      color="red"
      variant="light"
      data-testid="error-state"
      title={`${refused ? "Not allowed" : `Could not load ${what}`}${status}`}
    >
      <Stack gap={6}>
        <Text size="sm">{said(error)}</Text>
        <Group gap="xs" justify="space-between">
          {requestId ? (
            <Text size="xs" c="dimmed">
              Request id <Code data-testid="request-id">{requestId}</Code>
            </Text>
          ) : (
            <span />
          )}
          {onRetry && !refused && (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Retry
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
