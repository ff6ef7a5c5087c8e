import type { CustomerWire } from "@loupe/contract";
import { ADMIN_ROLE_ID, ageFromDob, OPT_IN_LABELS } from "@loupe/domain";
import { Button, Group, Paper, SimpleGrid, Stack, Tabs, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { appConfig } from "../../../lib/config";
import { formatDate } from "../../../lib/format";
import { useAction } from "../../../lib/use-action";
import { AccessHistory } from "../../access-log/components/access-history";
import { CounterStartButton } from "../../counter/counter-start-buttons";
import { ChooseAddressModal } from "../../customer-actions/address-modal";
import { CommentsModal } from "../../customer-actions/comments-modal";
import { MessageModal } from "../../customer-actions/message-modal";
import { PaymentModal } from "../../customer-actions/payment-modal";
import { ReferralModal } from "../../customer-actions/referral-modal";
import { openShopAsCustomer } from "../../customer-actions/shop-login";
import { MergeWithButton } from "../../customer-merges/components/merge-with-button";
import { useCurrentUser } from "../../reference/use-reference-data";
import { customerKeys } from "../api";
import { CustomerModal } from "./customer-modal";
import { FilesPanel } from "./files-panel";
import { HistoryPanel } from "./history-panel";
import { PdModal } from "./pd-modal";
import { PdsPanel } from "./pds-panel";
import { PrescriptionModal } from "./prescription-modal";
import { PrescriptionsPanel } from "./prescriptions-panel";

// The recall card (issue 28) loads with the profile tab, not with the customers list.
const CustomerRecallCard = lazy(() => import("../../recalls/components/customer-recall-card"));

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || "—"}</Text>
    </div>
  );
}

/** The expanded customer row: profile, prescriptions, PDs and files, and the footer actions. */
export function CustomerDetail({ customer }: { customer: CustomerWire }) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<string | null>("profile");
  const shopLogin = useAction(() =>
    openShopAsCustomer(customer.id, (ok, message) =>
      showAlert({ variant: ok ? "success" : "danger", message }),
    ),
  );
  const [action, setAction] = useState<
    "address" | "message" | "notes" | "payment" | "referral" | "prescription" | "pd" | null
  >(null);
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const age = ageFromDob(customer.dob);
  const isAdmin = useCurrentUser().data?.role_id === ADMIN_ROLE_ID;
  return (
    <Stack gap="sm" data-testid={`customer-detail-${customer.id}`}>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="profile">Profile</Tabs.Tab>
          <Tabs.Tab value="prescriptions">Prescriptions</Tabs.Tab>
          <Tabs.Tab value="pds">Pupil Distances</Tabs.Tab>
          <Tabs.Tab value="files">Files</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
          {isAdmin && <Tabs.Tab value="access">Access history</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="profile" pt="sm">
          <Paper withBorder p="sm">
            <SimpleGrid cols={4}>
              <Field label="Email" value={customer.email} />
              <Field label="Mobile" value={customer.mobile} />
              <Field label="D.O.B." value={customer.dob ? `${formatDate(customer.dob)} (${age})` : null} />
              <Field label="Gender" value={customer.gender} />
              <Field label="Phone" value={customer.phone} />
              <Field label="Occupation" value={customer.occupation} />
              <Field label="Marketing" value={OPT_IN_LABELS[customer.new_opt_in]} />
            </SimpleGrid>
            <Group mt="sm" gap="xs">
              <Button size="xs" variant="light" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button size="xs" variant="default" onClick={shopLogin.run} loading={shopLogin.isPending}>
                Login to e-commerce as customer
              </Button>
            </Group>
          </Paper>
          {tab === "profile" && (
            <Suspense fallback={null}>
              <CustomerRecallCard customerId={customer.id} regionId={customer.region?.id ?? null} />
            </Suspense>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="prescriptions" pt="sm">
          {tab === "prescriptions" && <PrescriptionsPanel customerId={customer.id} />}
        </Tabs.Panel>
        <Tabs.Panel value="pds" pt="sm">
          {tab === "pds" && <PdsPanel customerId={customer.id} />}
        </Tabs.Panel>
        <Tabs.Panel value="files" pt="sm">
          {tab === "files" && <FilesPanel customerId={customer.id} />}
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="sm">
          {tab === "history" && <HistoryPanel customerId={customer.id} outletId={customer.outlet_id} />}
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="access" pt="sm">
            {tab === "access" && <AccessHistory by="customer" id={customer.id} />}
          </Tabs.Panel>
        )}
      </Tabs>
      <Group gap="xs">
        <CounterStartButton mode="job" customerId={customer.id} />
        <CounterStartButton mode="quote" customerId={customer.id} />
        <Button
          size="xs"
          variant="default"
          component="a"
          href={`${appConfig.classicAppUrl}/customers/${customer.id}`}
          target="_blank"
        >
          View customer profile
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() =>
            navigate(`/jobs?q=${encodeURIComponent(customer.full_name)}&customer_id=${customer.id}`)
          }
        >
          View jobs
        </Button>
        {/* One click opens the form; the tab behind it shows the new record once saved. */}
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            setTab("prescriptions");
            setAction("prescription");
          }}
        >
          Add prescription
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => {
            setTab("pds");
            setAction("pd");
          }}
        >
          Add PD
        </Button>
        <Button size="xs" variant="default" onClick={() => setAction("address")}>
          Add Address
        </Button>
        <Button size="xs" variant="default" onClick={() => setAction("payment")}>
          Create Payment
        </Button>
        <Button size="xs" variant="default" onClick={() => setAction("message")}>
          Send a Message
        </Button>
        <Button size="xs" variant="default" onClick={() => setAction("referral")}>
          Invite a friend
        </Button>
        <Button size="xs" variant="default" onClick={() => setAction("notes")}>
          Notes ({customer.notes_count})
        </Button>
        <MergeWithButton customer={customer} />
      </Group>
      <CustomerModal customer={customer} opened={editing} onClose={() => setEditing(false)} />
      {action === "address" && (
        <ChooseAddressModal customerId={customer.id} onClose={() => setAction(null)} />
      )}
      {action === "prescription" && (
        <PrescriptionModal
          customerId={customer.id}
          onClose={() => setAction(null)}
          onSaved={() => queryClient.invalidateQueries({ queryKey: customerKeys.prescriptions(customer.id) })}
        />
      )}
      {action === "pd" && (
        <PdModal
          customerId={customer.id}
          mode="new"
          onClose={() => setAction(null)}
          onSaved={() => queryClient.invalidateQueries({ queryKey: customerKeys.pds(customer.id) })}
        />
      )}
      {action === "message" && <MessageModal customer={customer} onClose={() => setAction(null)} />}
      {action === "payment" && <PaymentModal customer={customer} onClose={() => setAction(null)} />}
      {action === "referral" && <ReferralModal customer={customer} onClose={() => setAction(null)} />}
      {action === "notes" && (
        <CommentsModal
          target={{ customerId: customer.id }}
          title={`Notes for ${customer.full_name || "Guest"}`}
          onClose={() => setAction(null)}
        />
      )}
    </Stack>
  );
}
