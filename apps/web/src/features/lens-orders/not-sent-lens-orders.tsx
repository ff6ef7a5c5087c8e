import { Alert, Anchor, List, Text } from "@mantine/core";
import { Link } from "react-router";
import { useCurrentOutlet } from "../reference/use-reference-data";
import { useNotSentLensOrders } from "./api";

/**
 * The outlet's failed sends (issue 33): lens orders whose e-mail the outbox gave up on, so staff do
 * not believe they are on their way. Each opens its job, where the item's lens order has Send again.
 * Shown on the jobs screen only while there is one: the Outbox page is for administrators.
 */
export function NotSentLensOrders() {
  const outlet = useCurrentOutlet();
  const { data } = useNotSentLensOrders(outlet?.id);
  if (!outlet || !data?.length) return null;
  return (
    <Alert
      color="red"
      mb="sm"
      title={`Lens orders not sent from ${outlet.name}`}
      data-testid="not-sent-lens-orders"
    >
      <List size="sm" spacing={2}>
        {data.map((o) => (
          <List.Item key={o.id}>
            <Anchor component={Link} to={`/jobs?q=${encodeURIComponent(o.invoice)}`} size="sm">
              Job {o.invoice}
            </Anchor>{" "}
            <Text span size="sm">
              · {o.supplier_name} · {o.reference}
              {o.reason ? ` — ${o.reason}` : ""}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
