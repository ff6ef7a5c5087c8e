import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";

/**
 * A server call behind a button or a key: `run` starts it unless one is already in flight, and
 * `isPending` drives the button's `loading` (Mantine disables a loading button). The in-flight
 * check is a ref, not state, so even two clicks (or a repeated Ctrl+Enter) landing before React
 * re-renders send one call. The action reports its own failures (alerts, field errors); a
 * rejection it lets through is not rethrown to the click handler.
 *
 * @example
 *   const save = useAction(async () => { await callEndpoint(createPd, { … }); onSaved(); });
 *   <Button onClick={save.run} loading={save.isPending}>Create</Button>
 */
export function useAction<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  const inFlight = useRef(false);
  const mutation = useMutation({ mutationFn: (args: A) => action(...args) });
  const run = async (...args: A): Promise<void> => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await mutation.mutateAsync(args);
    } catch {
      // Reported by the action itself.
    } finally {
      inFlight.current = false;
    }
  };
  return { run, isPending: mutation.isPending, variables: mutation.variables };
}
