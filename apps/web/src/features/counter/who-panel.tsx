import type { QuoteWire } from "@loupe/contract";
import { customerLabel, GUEST_LABEL, isSearchTooShort } from "@loupe/domain";
import {
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { Link } from "react-router";
import { useCustomer, useCustomerList } from "../customers/api";
import type { GuestDraft } from "./counter-rules";

/** Who the quote is for, once it is saved: the customer (linked to their profile) or the guest. */
export function QuoteWho({ quote }: { quote: QuoteWire }) {
  if (quote.customer)
    return (
      <WhoLine
        name={`${quote.customer.first_name} ${quote.customer.last_name}`.trim()}
        customerId={quote.customer.id}
        contact={[quote.customer.mobile, quote.customer.email]}
      />
    );
  const g = quote.guest;
  return (
    <WhoLine
      name={g ? `${g.first_name} ${g.last_name}`.trim() : GUEST_LABEL}
      guest
      contact={[g?.mobile ?? null, g?.email ?? null]}
    />
  );
}

function WhoLine(props: { name: string; customerId?: number; guest?: boolean; contact: (string | null)[] }) {
  return (
    <Group gap="xs" data-testid="quote-who" wrap="wrap">
      <Text fw={700} size="lg">
        {props.customerId ? (
          <Anchor component={Link} to={`/customers/${props.customerId}`} inherit>
            {props.name}
          </Anchor>
        ) : (
          props.name
        )}
      </Text>
      {props.guest && <Badge variant="light">{GUEST_LABEL}</Badge>}
      <Text size="sm" c="dimmed">
        {props.contact.filter(Boolean).join(" · ")}
      </Text>
    </Group>
  );
}

/** The customer a new quote is started for (from their row or profile), before it is saved. */
export function NewCustomerWho({ customerId, onChange }: { customerId: number; onChange: () => void }) {
  const { data: c, isLoading } = useCustomer(customerId);
  if (isLoading) return <Loader size="sm" />;
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      {c ? (
        <WhoLine name={customerLabel(c)} customerId={c.id} contact={[c.mobile, c.email]} />
      ) : (
        <Text c="red">No customer #{customerId}.</Text>
      )}
      <Anchor component="button" size="sm" onClick={onChange}>
        Someone else
      </Anchor>
    </Group>
  );
}

/**
 * A new quote started without a customer (the jobs screen, the palette): find the customer by
 * name, e-mail or mobile, or quote a guest by name with a mobile or an e-mail.
 */
export function ChooseWho(props: {
  guest: GuestDraft;
  onGuest: (g: GuestDraft) => void;
  guestErrors: Record<string, string>;
  onCustomer: (id: number) => void;
  asGuest: boolean;
  onAsGuest: (v: boolean) => void;
}) {
  const [text, setText] = useState("");
  const [q] = useDebouncedValue(text.trim(), 250);
  const searching = q.length > 0 && !isSearchTooShort(q);
  const list = useCustomerList(
    "db",
    { q, dob: "", region_id: "", page: 1, per_page: 6, sort_by: "", sort_direction: "", r: "" },
    searching && !props.asGuest,
  );
  const rows = searching && q === text.trim() && !list.isPlaceholderData ? (list.data?.rows ?? []) : [];
  const set = (k: keyof GuestDraft) => (e: React.ChangeEvent<HTMLInputElement>) =>
    props.onGuest({ ...props.guest, [k]: e.currentTarget.value });
  return (
    <Stack gap="xs" data-testid="choose-who">
      <Group gap={4} role="group" aria-label="The quote is for">
        {([false, true] as const).map((guest) => (
          <Button
            key={String(guest)}
            size="xs"
            variant={props.asGuest === guest ? "filled" : "default"}
            aria-pressed={props.asGuest === guest}
            onClick={() => props.onAsGuest(guest)}
          >
            {guest ? "A guest" : "A customer"}
          </Button>
        ))}
      </Group>
      {props.asGuest ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput
            label="First name"
            withAsterisk
            value={props.guest.first_name}
            onChange={set("first_name")}
            error={props.guestErrors.first_name}
          />
          <TextInput label="Last name" value={props.guest.last_name} onChange={set("last_name")} />
          <TextInput
            label="Mobile"
            type="tel"
            value={props.guest.mobile}
            onChange={set("mobile")}
            error={props.guestErrors.mobile}
          />
          <TextInput
            label="E-mail"
            type="email"
            value={props.guest.email}
            onChange={set("email")}
            error={props.guestErrors.email}
          />
        </SimpleGrid>
      ) : (
        <>
          <TextInput
            label="Find the customer"
            placeholder="Name, e-mail or mobile"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            rightSection={list.isFetching ? <Loader size="xs" /> : null}
            data-autofocus
          />
          {q.length > 0 && isSearchTooShort(q) && (
            <Text size="xs" c="dimmed">
              Type 3 characters or more.
            </Text>
          )}
          <Stack gap={4} role="list" aria-label="Customers found">
            {rows.map((c) => (
              <Paper key={c.id} withBorder role="listitem">
                <UnstyledButton w="100%" p="xs" onClick={() => props.onCustomer(c.id)}>
                  <Text size="sm" fw={600}>
                    {customerLabel(c)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[c.email, c.mobile].filter(Boolean).join(" · ")}
                  </Text>
                </UnstyledButton>
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
