import { useQueryClient } from "@tanstack/react-query";
import { useAlert } from "../../../app/alert-context";
import { errorMessage } from "../../../lib/errors";
import { jobKeys } from "./job-keys";

/**
 * A confirmed job call: shows the server's message (or its error) in the alert and refreshes the
 * jobs, the detail and the timeline either way.
 */
export function useJobCall() {
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  return async (call: () => Promise<{ message: string }>) => {
    try {
      showAlert({ variant: "success", message: (await call()).message });
    } catch (err) {
      showAlert({ variant: "danger", message: errorMessage(err) });
    } finally {
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    }
  };
}
