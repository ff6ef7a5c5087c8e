import { zodResolver } from "@hookform/resolvers/zod";
import {
  type CustomerAddressWire,
  createAddress,
  listCustomerAddresses,
  updateAddress,
} from "@loupe/contract";
import {
  ADDRESS_CREATED,
  ADDRESS_GUEST_MESSAGE,
  ADDRESS_TYPES,
  type AddressInput,
  addressSchema,
  allCountries,
  DEFAULT_ADDRESS_TYPE,
  navRegionId,
} from "@loupe/domain";
import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useAlert } from "../../app/alert-context";
import { ConflictAlert } from "../../components/conflict-alert";
import { callEndpoint } from "../../lib/api-client";
import { applyFieldErrors, errorText } from "../../lib/errors";
import { useCurrentUser, useRegions } from "../reference/use-reference-data";
import { useVersionConflict } from "../reference/use-version-conflict";

/** Choose Address (newest first) with Add Address; the chosen one becomes shipping and billing. */
export function ChooseAddressModal(props: {
  customerId: number;
  onClose: () => void;
  onChosen?: (a: CustomerAddressWire) => void;
}) {
  const { data = [] } = useQuery({
    queryKey: ["addresses", props.customerId],
    queryFn: async () =>
      (await callEndpoint(listCustomerAddresses, { params: { customer_id: props.customerId } })).data,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [editing, setEditing] = useState<CustomerAddressWire | "new" | null>(null);
  if (editing) {
    return (
      <AddressFormModal
        customerId={props.customerId}
        address={editing === "new" ? undefined : editing}
        onClose={() => setEditing(null)}
        onSaved={(a) => {
          setEditing(null);
          setChosen(String(a.id));
        }}
      />
    );
  }
  return (
    <Modal opened onClose={props.onClose} title="Choose Address" size="lg">
      <Stack>
        <Radio.Group value={chosen} onChange={setChosen}>
          <Stack gap="xs">
            {data.map((a) => {
              const selected = chosen === String(a.id);
              return (
                // Edit sits beside the card, not in it: a control inside a radio is unreachable by keyboard.
                <Group key={a.id} gap="xs" wrap="nowrap" align="stretch">
                  <Radio.Card
                    value={String(a.id)}
                    p="sm"
                    radius="sm"
                    bg={selected ? "blue.0" : undefined}
                    // The chosen card stands out: a thick brand border, a tint and a filled radio.
                    style={{
                      flex: 1,
                      borderWidth: selected ? 2 : 1,
                      borderColor: selected ? "var(--mantine-color-blue-6)" : undefined,
                    }}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <Radio.Indicator />
                      <div>
                        <Text fw={600} size="sm">
                          {a.first_name} {a.last_name} · {a.address.type}
                        </Text>
                        <Text size="sm">
                          {a.address.address1}, {a.address.suburb ?? a.address.city} {a.address.state ?? ""}{" "}
                          {a.address.postcode} {a.address.country}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    aria-label={`Edit address ${a.address.address1}`}
                    onClick={() => setEditing(a)}
                    style={{ alignSelf: "center" }}
                  >
                    Edit
                  </Button>
                </Group>
              );
            })}
          </Stack>
        </Radio.Group>
        {data.length === 0 && <Text c="dimmed">No addresses yet.</Text>}
        <Group justify="space-between">
          <Button variant="light" onClick={() => setEditing("new")}>
            Add Address
          </Button>
          <Group>
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button
              disabled={!chosen}
              onClick={() => {
                const a = data.find((x) => String(x.id) === chosen);
                if (a) props.onChosen?.(a);
                props.onClose();
              }}
            >
              Confirm
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

const fromAddress = (a: CustomerAddressWire): AddressInput => ({
  ...a.address,
  type: a.address.type as AddressInput["type"],
  first_name: a.first_name,
  last_name: a.last_name,
  email: a.email,
  mobile: a.mobile,
});

const countryOptions = allCountries().map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }));

/** New / Edit Address with the §5 rules; the country defaults to the current region's. */
export function AddressFormModal(props: {
  customerId: number | null;
  address?: CustomerAddressWire;
  onClose: () => void;
  onSaved: (a: CustomerAddressWire) => void;
}) {
  const { data: me } = useCurrentUser();
  const { data: regions = [] } = useRegions();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(props.customerId ? null : ADDRESS_GUEST_MESSAGE);
  const country = regions.find((r) => r.id === navRegionId(me?.region_id))?.country_code ?? "AU";
  const a = props.address;
  // The version this form was filled from; an edit sends it back (ADR 0007).
  const [version, setVersion] = useState(a?.version);
  const conflict = useVersionConflict();
  const form = useForm<AddressInput>({
    resolver: zodResolver(addressSchema) as never,
    defaultValues: a
      ? fromAddress(a)
      : {
          type: DEFAULT_ADDRESS_TYPE,
          country,
          first_name: "",
          last_name: "",
          email: "",
          address1: "",
          city: "",
          postcode: "",
        },
  });
  const { register, handleSubmit, formState, control, setError, reset, watch } = form;
  const stateRequired = watch("country") === "AU";
  /** Someone else saved first: load their address into the form (replacing what was typed). */
  const reload = () =>
    conflict.reload(async () => {
      if (!a) return;
      const list = (await callEndpoint(listCustomerAddresses, { params: { customer_id: a.customer_id } }))
        .data;
      const fresh = list.find((x) => x.id === a.id);
      if (!fresh) throw new Error("This address has been removed.");
      reset(fromAddress(fresh));
      setVersion(fresh.version);
      setFailure(null);
      queryClient.invalidateQueries({ queryKey: ["addresses", a.customer_id] });
    });
  const onSubmit = handleSubmit(async (values) => {
    if (!props.customerId) return;
    conflict.clear();
    try {
      const saved = a
        ? (await callEndpoint(updateAddress, { params: { id: a.id }, body: { ...values, version } as never }))
            .data
        : (
            await callEndpoint(createAddress, {
              params: { customer_id: props.customerId },
              body: values as never,
            })
          ).data;
      showAlert({
        variant: "success",
        message: a ? "Address has been successfully updated!" : ADDRESS_CREATED,
      });
      queryClient.invalidateQueries({ queryKey: ["addresses", props.customerId] });
      props.onSaved(saved);
    } catch (err) {
      if (conflict.take(err)) return setFailure(null);
      applyFieldErrors(err, setError as never);
      setFailure(errorText(err));
    }
  });
  const err = (k: keyof AddressInput) => formState.errors[k]?.message as string | undefined;
  return (
    <Modal opened onClose={props.onClose} title={a ? "Edit Address" : "New Address"} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {conflict.message && (
            <ConflictAlert message={conflict.message} reloading={conflict.reloading} onReload={reload} />
          )}
          {failure && (
            <Alert color="red" variant="light" data-testid="address-error">
              {failure}
            </Alert>
          )}
          <SimpleGrid cols={2}>
            <Controller
              control={control}
              name="type"
              render={({ field }) => (
                <Select
                  label="Address Type"
                  withAsterisk
                  data={[...ADDRESS_TYPES]}
                  value={field.value as string}
                  onChange={field.onChange}
                  error={err("type")}
                />
              )}
            />
            <TextInput label="Description" {...register("description")} />
            <TextInput
              label="First Name"
              withAsterisk
              {...register("first_name")}
              error={err("first_name")}
            />
            <TextInput label="Last Name" withAsterisk {...register("last_name")} error={err("last_name")} />
            <TextInput label="E-mail address" withAsterisk {...register("email")} error={err("email")} />
            <TextInput label="Mobile" {...register("mobile")} />
            <TextInput
              label="Street Address"
              withAsterisk
              {...register("address1")}
              error={err("address1")}
            />
            <TextInput label="Unit" {...register("address2")} />
            <TextInput label="Suburb" {...register("suburb")} error={err("suburb")} />
            <TextInput label="City" withAsterisk {...register("city")} error={err("city")} />
            <TextInput
              label="State"
              withAsterisk={stateRequired}
              {...register("state")}
              error={err("state")}
            />
            <TextInput label="Postcode" withAsterisk {...register("postcode")} error={err("postcode")} />
            <Controller
              control={control}
              name="country"
              render={({ field }) => (
                <Select
                  label="Country"
                  withAsterisk
                  searchable
                  data={countryOptions}
                  value={field.value}
                  onChange={field.onChange}
                  error={err("country")}
                />
              )}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!props.customerId} loading={formState.isSubmitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
