import type { QuoteWire } from "@loupe/contract";
import { QUOTE_MESSAGES } from "@loupe/domain";
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../app/alert-context";
import { errorText } from "../../lib/errors";
import { useAction } from "../../lib/use-action";
import { sendQuote } from "./dialog-api";

/** E-mail the quote's PDF: to the customer's or guest's address unless another is typed. */
export function EmailQuoteModal({ quote, onClose }: { quote: QuoteWire; onClose: () => void }) {
  const own = quote.customer?.email ?? quote.guest?.email ?? "";
  const [email, setEmail] = useState(own);
  const [failure, setFailure] = useState<string | null>(null);
  const { showAlert } = useAlert();
  const send = useAction(async () => {
    setFailure(null);
    try {
      const res = await sendQuote(quote, email);
      showAlert({ variant: "success", message: res.message || QUOTE_MESSAGES.emailed });
      onClose();
    } catch (err) {
      setFailure(errorText(err));
    }
  });
  return (
    <Modal opened onClose={onClose} title={`E-mail ${quote.reference}`}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <Text size="sm">The quote goes as a PDF, through the outbox.</Text>
        <TextInput
          label="E-mail"
          type="email"
          withAsterisk
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!email.trim()} loading={send.isPending} onClick={() => send.run()}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
