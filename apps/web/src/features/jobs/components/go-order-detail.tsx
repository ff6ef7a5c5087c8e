import { type GoOrderWire, listSubscribers, type SubscriberWire } from "@loupe/contract";
import { currencyForCountry } from "@loupe/domain";
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { callEndpoint } from "../../../lib/api-client";
import { errorText } from "../../../lib/errors";
import { formatMoney } from "../../../lib/format";
import { UpdateNewsletterModal } from "../../newsletter/update-newsletter-modal";

/** An online-channel order opened up (spec §2): customer, payment methods, items, note, shipping address. */
export function GoOrderDetail({ order, country }: { order: GoOrderWire; country: string }) {
  const { showAlert } = useAlert();
  const [subscriber, setSubscriber] = useState<SubscriberWire | null>(null);
  const openNewsletter = async () => {
    const email = order.customer_email ?? "";
    try {
      const res = await callEndpoint(listSubscribers, { body: { page: 1, per_page: 10, email } });
      const found = res.data.find((s) => s.user_email.toLowerCase() === email.toLowerCase());
      // Someone not yet on the list starts from "None"; the modal lists what the server answers.
      setSubscriber(
        found ?? {
          id: 0,
          user_email: email,
          source_country: country,
          source_name: "go",
          send_type: "NONE",
          send_email: false,
          send_phone: false,
          send_sms: false,
          created_at: order.created_at,
        },
      );
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  };
  const field = (label: string, value: string | null | undefined) => (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{" "}
      {value || "—"}
    </Text>
  );
  return (
    <Stack gap="sm" data-testid="go-order-detail">
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="xs" bg="white">
          {field("Customer", order.customer_name)}
          {field("Phone", order.customer_phone)}
          {field("Email", order.customer_email)}
          {field("Payment methods", order.payment_methods.join(", "))}
        </Paper>
        <Paper withBorder p="xs" bg="white">
          {field("Note", order.note)}
          {field("Shipping address", order.shipping_address)}
        </Paper>
      </SimpleGrid>
      <Table withTableBorder fz="sm" bg="white">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Id</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Discount</Table.Th>
            <Table.Th>Quantity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>{i.id}</Table.Td>
              <Table.Td>{i.name}</Table.Td>
              <Table.Td>{formatMoney(i.amount, currencyForCountry(country))}</Table.Td>
              <Table.Td>{formatMoney(i.discount, currencyForCountry(country))}</Table.Td>
              <Table.Td>{i.quantity}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button size="xs" variant="light" disabled={!order.customer_email} onClick={openNewsletter}>
          Update Newsletter
        </Button>
      </Group>
      {subscriber && (
        <UpdateNewsletterModal
          subscriber={subscriber}
          onClose={() => setSubscriber(null)}
          onSaved={() => showAlert({ variant: "success", message: "Newsletter preferences updated." })}
        />
      )}
    </Stack>
  );
}
