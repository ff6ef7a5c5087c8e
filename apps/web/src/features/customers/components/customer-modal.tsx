import { zodResolver } from "@hookform/resolvers/zod";
import { type CustomerWire, getCustomer } from "@loupe/contract";
import {
  CUSTOMER_CREATED,
  CUSTOMER_UPDATED,
  type CustomerInput,
  channelsForOptIn,
  customerSchema,
  OPT_IN_LABELS,
  OPT_IN_VALUES,
  type OptIn,
  optInForChannels,
} from "@loupe/domain";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useAlert } from "../../../app/alert-context";
import { CalendarDateInput } from "../../../components/calendar-date-input";
import { confirmed } from "../../../components/confirm-dialog";
import { ConflictAlert } from "../../../components/conflict-alert";
import { callEndpoint } from "../../../lib/api-client";
import { errorList } from "../../../lib/errors";
import { useVersionConflict } from "../../reference/use-version-conflict";
import { useSaveCustomer } from "../api";

const blank: CustomerInput = {
  first_name: "",
  last_name: "",
  email: "",
  mobile: "",
  phone: "",
  dob: "",
  gender: null,
  occupation: "",
  hobbies: "",
  new_opt_in: "ALL",
  channel_sms: true,
  channel_phone: true,
  channel_email: true,
};

const fromCustomer = (c: CustomerWire): CustomerInput => ({
  first_name: c.first_name,
  last_name: c.last_name,
  email: c.email ?? "",
  mobile: c.mobile ?? "",
  phone: c.phone ?? "",
  dob: c.dob ?? "",
  gender: c.gender,
  occupation: c.occupation ?? "",
  hobbies: c.hobbies ?? "",
  new_opt_in: c.new_opt_in,
  channel_sms: c.channel_sms,
  channel_phone: c.channel_phone,
  channel_email: c.channel_email,
});

/** What closing a New or Edit Customer form with changes asks first. */
export const DISCARD_CHANGES = {
  title: "Discard changes?",
  message: "The changes made to this customer have not been saved.",
  confirmLabel: "Discard",
  cancelLabel: "Keep editing",
};

/** New / edit customer. The opt-in and the three channels keep each other right as they change. */
export function CustomerModal({
  customer,
  opened,
  onClose,
}: {
  customer?: CustomerWire;
  opened: boolean;
  onClose: () => void;
}) {
  const save = useSaveCustomer();
  const { showAlert } = useAlert();
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const conflict = useVersionConflict();
  // The version this form was filled from: an edit sends it back, so a save can never silently
  // overwrite a change someone made after we read (ADR 0007).
  const [version, setVersion] = useState(customer?.version);
  const form = useForm<CustomerInput>({
    resolver: zodResolver(customerSchema) as never,
    defaultValues: customer ? fromCustomer(customer) : blank,
  });
  const { register, handleSubmit, control, formState, setValue, getValues, reset } = form;
  const { clear: clearConflict } = conflict;
  const { isDirty } = formState;

  // Escape, the close button, the overlay and Cancel all come here: typed changes are never
  // dropped without asking. One question at a time (Escape on the question reaches this modal too).
  const asking = useRef(false);
  const requestClose = async () => {
    if (!isDirty) return onClose();
    if (asking.current) return;
    asking.current = true;
    try {
      if (await confirmed(DISCARD_CHANGES)) onClose();
    } finally {
      asking.current = false;
    }
  };

  // Filled when the modal opens, not on every refetch of the list behind it, so typing is never
  // replaced under the user's hands.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill on open or on another customer only
  useEffect(() => {
    if (!opened) return;
    reset(customer ? fromCustomer(customer) : blank);
    setVersion(customer?.version);
    setServerErrors([]);
    clearConflict();
  }, [opened, customer?.id]);

  const reloadCustomer = () =>
    conflict.reload(async () => {
      if (!customer) return;
      const fresh = (await callEndpoint(getCustomer, { params: { id: customer.id } })).data;
      reset(fromCustomer(fresh));
      setVersion(fresh.version);
      setServerErrors([]);
    });

  const setOptIn = (optIn: OptIn) => {
    setValue("new_opt_in", optIn);
    const ch = channelsForOptIn(optIn);
    setValue("channel_sms", ch.channel_sms);
    setValue("channel_phone", ch.channel_phone);
    setValue("channel_email", ch.channel_email);
  };
  const setChannel = (name: "channel_sms" | "channel_phone" | "channel_email", on: boolean) => {
    setValue(name, on);
    const v = getValues();
    setValue(
      "new_opt_in",
      optInForChannels(v.new_opt_in as OptIn, {
        channel_sms: !!v.channel_sms,
        channel_phone: !!v.channel_phone,
        channel_email: !!v.channel_email,
      }),
    );
  };

  const onSubmit = handleSubmit(async (values) => {
    setServerErrors([]);
    conflict.clear();
    try {
      const body = customer ? { ...values, version } : values;
      await save.mutateAsync({ id: customer?.id, body: body as Record<string, unknown> });
      showAlert({ variant: "success", message: customer ? CUSTOMER_UPDATED : CUSTOMER_CREATED });
      onClose();
    } catch (err) {
      if (!conflict.take(err)) setServerErrors(errorList(err));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={requestClose}
      title={customer ? "Edit Customer" : "New Customer"}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {conflict.message && (
            <ConflictAlert
              message={conflict.message}
              reloading={conflict.reloading}
              onReload={reloadCustomer}
            />
          )}
          {serverErrors.length > 0 && (
            <Alert color="red" variant="light" data-testid="customer-errors">
              <List size="sm">
                {serverErrors.map((e) => (
                  <List.Item key={e}>{e}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <SimpleGrid cols={2}>
            <TextInput
              label="First Name"
              withAsterisk
              {...register("first_name")}
              error={formState.errors.first_name?.message}
            />
            <TextInput
              label="Last Name"
              {...register("last_name")}
              error={formState.errors.last_name?.message}
            />
            <TextInput
              label="Email"
              type="email"
              {...register("email")}
              error={formState.errors.email?.message}
            />
            <TextInput label="Mobile" {...register("mobile")} error={formState.errors.mobile?.message} />
            <TextInput label="Phone" {...register("phone")} error={formState.errors.phone?.message} />
            <Controller
              control={control}
              name="dob"
              render={({ field }) => (
                <CalendarDateInput
                  label="D.O.B."
                  clearable
                  maxDate={new Date()}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={formState.errors.dob?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="gender"
              render={({ field }) => (
                <Select
                  label="Gender"
                  data={["Male", "Female"]}
                  clearable
                  value={field.value ?? null}
                  onChange={(v) => field.onChange(v)}
                />
              )}
            />
            <TextInput label="Occupation" {...register("occupation")} />
          </SimpleGrid>
          <TextInput label="Hobbies" {...register("hobbies")} />
          <Controller
            control={control}
            name="new_opt_in"
            render={({ field }) => (
              <Radio.Group
                label="Marketing"
                value={field.value as string}
                onChange={(v) => setOptIn(v as OptIn)}
              >
                <Group mt={4}>
                  {OPT_IN_VALUES.map((v) => (
                    <Radio key={v} value={v} label={OPT_IN_LABELS[v]} />
                  ))}
                </Group>
              </Radio.Group>
            )}
          />
          <Group>
            <Text size="sm" fw={500}>
              Channels
            </Text>
            {(
              [
                ["channel_sms", "SMS"],
                ["channel_phone", "Phone"],
                ["channel_email", "Email"],
              ] as const
            ).map(([name, label]) => (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field }) => (
                  <Checkbox
                    label={label}
                    checked={!!field.value}
                    onChange={(e) => setChannel(name, e.currentTarget.checked)}
                  />
                )}
              />
            ))}
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={requestClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending || formState.isSubmitting}>
              {customer ? "Save" : "Create"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
