import { Alert, Code, Loader, Modal, Stack, Table, Text, Title } from "@mantine/core";
import { errorText } from "../../../lib/errors";
import { useIntakeFailure } from "../api";
import { W } from "../intake-words";

/** A failed delivery's headers and body as the provider sent them: an administrator's read, access-logged. */
export default function RawPayloadModal({ id, onClose }: { id: number; onClose: () => void }) {
  const failure = useIntakeFailure(id);
  const headers = Object.entries(failure.data?.headers ?? {});
  return (
    <Modal opened onClose={onClose} title={W.rawTitle(id)} size="xl">
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {W.rawLogged}
        </Text>
        {failure.isLoading && <Loader size="sm" aria-label={W.loadingSale} />}
        {failure.error ? (
          <Alert color="red" variant="light">
            {errorText(failure.error)}
          </Alert>
        ) : null}
        {failure.data && (
          <>
            <Text size="sm">{failure.data.message}</Text>
            <Title order={4}>{W.rawHeaders}</Title>
            <Table.ScrollContainer minWidth={0}>
              <Table fz="xs" withRowBorders>
                <Table.Tbody>
                  {headers.map(([name, value]) => (
                    <Table.Tr key={name}>
                      <Table.Th scope="row" style={{ whiteSpace: "nowrap" }}>
                        {name}
                      </Table.Th>
                      <Table.Td style={{ wordBreak: "break-all" }}>{value}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Title order={4}>{W.rawBody}</Title>
            {failure.data.raw == null ? (
              <Text size="sm">{W.rawGone}</Text>
            ) : (
              <Code
                block
                data-testid="raw-payload"
                style={{ whiteSpace: "pre-wrap", wordBreak: "break-all", maxHeight: 400, overflow: "auto" }}
                tabIndex={0}
              >
                {failure.data.raw}
              </Code>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
