import { Alert, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useReducer } from "react";
import { ApiError } from "../lib/api-client";
import { errorText } from "../lib/errors";
import { isErrorShown, subscribeShownErrors } from "../lib/shown-errors";

const isRefusal = (e: unknown): e is ApiError => e instanceof ApiError && e.status === 403;

/**
 * Every read of the screen the server refused (403), in its own words, unless the part of the
 * screen that asked already shows it (issue 52). Mounted once per signed-in route, so no screen
 * can show a refused read as an empty list or a blank panel ("No data available." where the
 * server said "Only administrators can see the outbox.").
 */
export function RefusedReads() {
  const cache = useQueryClient().getQueryCache();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const stopCache = cache.subscribe(redraw);
    const stopShown = subscribeShownErrors(redraw);
    return () => {
      stopCache();
      stopShown();
    };
  }, [cache]);
  const said = new Set<string>();
  for (const q of cache.findAll({ type: "active" })) {
    const error = q.state.error;
    if (q.state.status === "error" && isRefusal(error) && !isErrorShown(error)) said.add(errorText(error));
  }
  if (!said.size) return null;
  return (
    <Alert color="red" variant="light" mb="md" title="Not allowed (403)" data-testid="refused-reads">
      {[...said].map((text) => (
        <Text key={text} size="sm">
          {text}
        </Text>
      ))}
    </Alert>
  );
}
