import { Alert, Group, Loader, Text } from "@mantine/core";
import { errorText } from "../../../lib/errors";
import { W } from "../intake-words";

/** A resolving dialog's sale while it loads, or why it could not be read. */
export function SaleDetailState({ isLoading, error }: { isLoading: boolean; error: unknown }) {
  return (
    <>
      {isLoading && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{W.loadingSale}</Text>
        </Group>
      )}
      {error ? (
        <Alert color="red" variant="light">
          {errorText(error)}
        </Alert>
      ) : null}
    </>
  );
}
