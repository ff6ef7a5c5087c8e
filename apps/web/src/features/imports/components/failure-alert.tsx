import { Alert, List } from "@mantine/core";
import { ApiError } from "../../../lib/api-client";
import { useFailureText } from "../../reference/use-version-conflict";

/**
 * A refused call said plainly: the server's sentence (a stale version as "changed by … since you
 * read it"), then each field it named with its message.
 */
export function FailureAlert({ error, testId }: { error: unknown; testId?: string }) {
  const failureText = useFailureText();
  if (!error) return null;
  const { text } = failureText(error);
  const fields = error instanceof ApiError ? Object.entries(error.errors) : [];
  return (
    <Alert color="red" role="alert" data-testid={testId ?? "import-failure"} title={text} mb="sm">
      {fields.length > 0 && (
        <List size="sm">
          {fields.map(([field, messages]) => (
            <List.Item key={field}>
              {field}: {messages.join(" ")}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
