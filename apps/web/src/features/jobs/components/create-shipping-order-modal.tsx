import {
  type CourierOptionWire,
  createAuPostOrder,
  createSendleOrder,
  getShippingQuote,
  listCustomerAddresses,
  type OrderDetailWire,
} from "@loupe/contract";
import {
  auPostOrderFailure,
  COURIER_CURRENCY,
  DELIVERY_INSTRUCTION_LABELS,
  DELIVERY_INSTRUCTIONS,
  type DeliveryInstruction,
  defaultDeclaredValue,
  formatCalendarDay,
  formatMoney,
  isDomestic,
  PARCEL_DEFAULTS,
  PARCEL_QUANTITY,
  PARCEL_SIZES,
  parcelFormSchema,
  parcelSizeById,
  quoteWarnings,
  type Receiver,
  sendleOrderFailure,
  shippingMessages,
  VOLUME_STEP,
  WEIGHT_STEP,
} from "@loupe/domain";
import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useAlert } from "../../../app/alert-context";
import { ApiError, callEndpoint } from "../../../lib/api-client";
import { useAction } from "../../../lib/use-action";
import { useCurrentOutlet, useOutlets, useRegions } from "../../reference/use-reference-data";
import { jobKeys } from "../api/job-keys";

const JOB_ADDRESS = "job";

interface ParcelState {
  senderOutletId: string | null;
  addressKey: string | null;
  deliveryInstruction: DeliveryInstruction;
  parcelSizeId: string;
  quantity: number | string;
  weight: number | string;
  volume: number | string;
  value: number | string;
  description: string;
  countryOfOrigin: string;
}

const num = (v: number | string) => (typeof v === "number" ? v : Number.parseFloat(v));
// The couriers (Australia Post, Sendle) quote in Australian dollars, whatever the job's region.
const money = (n: number | null) => (n == null ? "—" : formatMoney(n, COURIER_CURRENCY));

/** Create Shipping Order (jobs-area §2, §4, §5): step 1 the parcel and Get Quotes, step 2 the courier and Confirm. */
export function CreateShippingOrderModal({ job, onClose }: { job: OrderDetailWire; onClose: () => void }) {
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const outlet = useCurrentOutlet();
  const { data: outlets = [] } = useOutlets();
  const { data: regions = [] } = useRegions();
  const auRegionIds = new Set(regions.filter((r) => r.country_code === "AU").map((r) => r.id));
  const auOutlets = outlets.filter((o) => o.is_active && auRegionIds.has(o.region_id));
  const addresses = useQuery({
    queryKey: ["customer-addresses", job.customer_id],
    enabled: Boolean(job.customer_id),
    queryFn: async () =>
      (await callEndpoint(listCustomerAddresses, { params: { customer_id: job.customer_id! } })).data,
  });

  const billingName =
    `${job.order_billing.customer_first_name} ${job.order_billing.customer_last_name}`.trim();
  const receivers = useMemo(() => {
    const list: { key: string; label: string; receiver: Receiver }[] = [];
    const b = job.order_billing.billing_address;
    if (b?.address1)
      list.push({
        key: JOB_ADDRESS,
        label: `Job's shipping address: ${[b.address1, b.suburb ?? b.city, b.postcode].filter(Boolean).join(", ")}`,
        receiver: {
          name: billingName,
          lines: [b.address1, b.address2].filter((l): l is string => Boolean(l)),
          suburb: b.suburb ?? b.city ?? "",
          state: b.state ?? "",
          country: b.country ?? "AU",
          postcode: b.postcode ?? "",
          phone: job.order_billing.customer_mobile,
          email: job.order_billing.customer_email,
        },
      });
    for (const a of addresses.data ?? [])
      list.push({
        key: String(a.id),
        label: `${a.address.type}: ${[a.address.address1, a.address.suburb ?? a.address.city, a.address.postcode].filter(Boolean).join(", ")}`,
        receiver: {
          name: `${a.first_name} ${a.last_name}`.trim(),
          lines: [a.address.address1, a.address.address2].filter((l): l is string => Boolean(l)),
          suburb: a.address.suburb ?? a.address.city,
          state: a.address.state ?? "",
          country: a.address.country,
          postcode: a.address.postcode,
          phone: a.mobile,
          email: a.email,
        },
      });
    return list;
  }, [addresses.data, job.order_billing, billingName]);

  const [form, setForm] = useState<ParcelState>({
    senderOutletId: outlet && auOutlets.some((o) => o.id === outlet.id) ? String(outlet.id) : null,
    addressKey: null,
    deliveryInstruction: PARCEL_DEFAULTS.deliveryInstruction,
    parcelSizeId: String(PARCEL_DEFAULTS.parcelSizeId),
    quantity: PARCEL_DEFAULTS.quantity,
    weight: PARCEL_DEFAULTS.weight,
    volume: PARCEL_DEFAULTS.volume,
    value: defaultDeclaredValue(job.total_amount),
    description: PARCEL_DEFAULTS.description,
    countryOfOrigin: PARCEL_DEFAULTS.countryOfOrigin,
  });
  const set = <K extends keyof ParcelState>(k: K, v: ParcelState[K]) => setForm((f) => ({ ...f, [k]: v }));
  const receiver = receivers.find((r) => r.key === form.addressKey)?.receiver;
  const abroad = receiver ? !isDomestic(receiver.country) : false;
  const parsed = parcelFormSchema.safeParse({
    sender_outlet_id: form.senderOutletId ? Number(form.senderOutletId) : undefined,
    receiver: receiver ?? {},
    delivery_instruction: form.deliveryInstruction,
    parcel_size_id: Number(form.parcelSizeId),
    parcel_quantity: num(form.quantity),
    weight: num(form.weight),
    volume: num(form.volume),
    value: num(form.value),
    description: form.description,
    country_of_origin: form.countryOfOrigin,
  });
  const issues = new Map<string, string>();
  if (!parsed.success) for (const i of parsed.error.issues) issues.set(i.path.join("."), i.message);
  const fieldError = (path: string) => issues.get(path);

  const [step, setStep] = useState(0);
  const [options, setOptions] = useState<CourierOptionWire[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<{ message: string; list: string[] } | null>(null);
  // One key per modal: a repeated Confirm (a double click, a retry after a timeout) books once.
  const idempotencyKey = useRef(crypto.randomUUID());

  const parcelBody = () => {
    const v = parsed.data!;
    const size = parcelSizeById(v.parcel_size_id)!;
    return {
      sender_outlet_id: v.sender_outlet_id,
      weight: v.weight,
      width: size.width,
      height: size.height,
      length: size.length,
      quantity: v.parcel_quantity,
      receiver: v.receiver,
      delivery_instruction: v.delivery_instruction,
      parcel_size_id: v.parcel_size_id,
      value: v.value,
      volume: v.volume,
      description: v.description,
      country_of_origin: v.country_of_origin,
    };
  };

  const getQuotes = useAction(async () => {
    if (!parsed.success || !receiver) return;
    const p = parcelBody();
    setSelected(null);
    setOrderError(null);
    try {
      const res = await callEndpoint(getShippingQuote, {
        body: {
          order_id: job.id,
          aupost: { ...p, country: receiver.country, delivery_postcode: receiver.postcode },
          sendle: {
            sender_outlet_id: p.sender_outlet_id,
            delivery_suburb: receiver.suburb,
            delivery_postcode: receiver.postcode,
            delivery_country: receiver.country,
            weight_value: p.weight,
            weight_units: "kg",
            volume_value: p.volume,
            volume_units: "m3",
            first_mile_option: "pickup",
          },
        },
      });
      setOptions(res.data);
      setWarnings([]);
    } catch (err) {
      // A failed quote still moves to step 2, with the reasons listed (§4, §8).
      setOptions([]);
      setWarnings(quoteWarnings(err instanceof ApiError ? err.body : { message: (err as Error).message }));
    }
    setStep(1);
  });

  const choice = options.find((o) => `${o.product_type}:${o.product_id}` === selected);
  const confirm = useAction(async () => {
    if (!choice) return;
    const body = {
      ...parcelBody(),
      order_id: job.id,
      product_id: choice.product_id,
      idempotency_key: idempotencyKey.current,
    };
    setOrderError(null);
    try {
      if (choice.product_type === "sendle") await callEndpoint(createSendleOrder, { body });
      else
        await callEndpoint(createAuPostOrder, {
          body: { ...body, selected_outlet_id: outlet?.id ?? body.sender_outlet_id },
        });
    } catch (err) {
      const b = err instanceof ApiError ? err.body : { message: (err as Error).message };
      setOrderError(choice.product_type === "sendle" ? sendleOrderFailure(b) : auPostOrderFailure(b));
      await queryClient.invalidateQueries({ queryKey: jobKeys.one(job.id) });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: jobKeys.all });
    showAlert({ variant: "success", message: shippingMessages.created });
    onClose();
  });

  const canQuote = parsed.success && Boolean(receiver);
  return (
    <Modal opened onClose={onClose} title="Create Shipping Order" size="xl" data-testid="shipping-modal">
      <Stepper active={step} size="sm" mb="md" allowNextStepsSelect={false}>
        <Stepper.Step label="Parcel details" />
        <Stepper.Step label="Choose courier" />
      </Stepper>
      {step === 0 && (
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <Select
              label="Pickup location"
              required
              data={auOutlets.map((o) => ({ value: String(o.id), label: o.name }))}
              value={form.senderOutletId}
              onChange={(v) => set("senderOutletId", v)}
              searchable
            />
            <Select
              label="Delivery instructions"
              required
              data={DELIVERY_INSTRUCTIONS.map((d) => ({ value: d, label: DELIVERY_INSTRUCTION_LABELS[d] }))}
              value={form.deliveryInstruction}
              onChange={(v) => v && set("deliveryInstruction", v as DeliveryInstruction)}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Select
            label="Receiver address"
            required
            placeholder={addresses.isLoading ? "Loading addresses…" : "Choose an address"}
            data={receivers.map((r) => ({ value: r.key, label: r.label }))}
            value={form.addressKey}
            onChange={(v) => set("addressKey", v)}
            nothingFoundMessage="No addresses"
          />
          {receiver && (
            <Paper withBorder p="xs" data-testid="receiver-contact">
              <Text size="sm" fw={600}>
                {receiver.name}
              </Text>
              <Text size="sm">
                {[...receiver.lines, receiver.suburb, receiver.state, receiver.postcode, receiver.country]
                  .filter(Boolean)
                  .join(", ")}
              </Text>
              <Text size="xs" c="dimmed">
                {[receiver.phone, receiver.email].filter(Boolean).join(" · ")}
              </Text>
              {fieldError("receiver.postcode") && (
                <Text size="xs" c="red">
                  {fieldError("receiver.postcode")}
                </Text>
              )}
            </Paper>
          )}
          <SimpleGrid cols={3}>
            <Select
              label="Parcel size"
              required
              data={PARCEL_SIZES.map((s) => ({
                value: String(s.id),
                label: `${s.name} ${s.length}×${s.width}×${s.height} cm, ${s.weight} kg`,
              }))}
              value={form.parcelSizeId}
              onChange={(v) => {
                if (!v) return;
                // A box's own weight is the starting weight; staff adjust it for what is inside.
                setForm((f) => ({
                  ...f,
                  parcelSizeId: v,
                  weight: parcelSizeById(Number(v))?.weight ?? f.weight,
                }));
              }}
              allowDeselect={false}
            />
            <NumberInput
              label="Quantity"
              required
              min={PARCEL_QUANTITY.min}
              max={PARCEL_QUANTITY.max}
              allowDecimal={false}
              value={form.quantity}
              onChange={(v) => set("quantity", v)}
              error={fieldError("parcel_quantity")}
            />
            <NumberInput
              label="Weight (kg)"
              required
              step={WEIGHT_STEP}
              decimalScale={2}
              min={0}
              value={form.weight}
              onChange={(v) => set("weight", v)}
              error={fieldError("weight")}
            />
            <NumberInput
              label="Volume (m³)"
              required
              step={VOLUME_STEP}
              decimalScale={5}
              min={0}
              value={form.volume}
              onChange={(v) => set("volume", v)}
              error={fieldError("volume")}
            />
            <NumberInput
              label="Declared value (AUD)"
              required
              min={0}
              value={form.value}
              onChange={(v) => set("value", v)}
              error={fieldError("value")}
            />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <TextInput
              label="Description"
              required={abroad}
              value={form.description}
              onChange={(e) => set("description", e.currentTarget.value)}
              error={fieldError("description")}
            />
            <TextInput
              label="Country of origin"
              required={abroad}
              value={form.countryOfOrigin}
              onChange={(e) => set("countryOfOrigin", e.currentTarget.value)}
              error={fieldError("country_of_origin")}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={getQuotes.run} loading={getQuotes.isPending} disabled={!canQuote}>
              Get Quotes
            </Button>
          </Group>
        </Stack>
      )}
      {step === 1 && (
        <Stack gap="sm">
          {warnings.length > 0 && (
            <Alert color="yellow" title="Couldn't get quotes" data-testid="quote-warnings">
              <List size="sm">
                {warnings.map((w) => (
                  <List.Item key={w}>{w}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Radio.Group
            value={selected}
            onChange={setSelected}
            label={`Courier (prices in ${COURIER_CURRENCY})`}
          >
            <Stack gap="xs" mt="xs">
              {options.map((o) => {
                const disabled = o.errors.length > 0 || o.price == null;
                const value = `${o.product_type}:${o.product_id}`;
                return (
                  <Paper
                    key={value}
                    withBorder
                    p="xs"
                    data-testid="courier-option"
                    opacity={disabled ? 0.6 : 1}
                  >
                    <Group justify="space-between" align="flex-start">
                      <Radio value={value} disabled={disabled} label={o.product_name} />
                      <Group gap="xs">
                        <Badge variant="light">{o.product_type === "sendle" ? "Sendle" : "Drop-off"}</Badge>
                        <Text fw={600}>{money(o.price)}</Text>
                      </Group>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {o.message}
                      {o.delivery_estimate
                        ? ` · delivery ${formatCalendarDay(o.delivery_estimate[0])} to ${formatCalendarDay(o.delivery_estimate[1])}`
                        : ""}
                    </Text>
                    {o.errors.length > 0 && (
                      <List size="xs" c="red">
                        {o.errors.map((e) => (
                          <List.Item key={e}>{e}</List.Item>
                        ))}
                      </List>
                    )}
                  </Paper>
                );
              })}
              {options.length === 0 && (
                <Text size="sm" c="dimmed">
                  No courier options.
                </Text>
              )}
            </Stack>
          </Radio.Group>
          {orderError && (
            <Alert color="red" title="Create Order Error" data-testid="order-error">
              <Text size="sm">{orderError.message}</Text>
              {orderError.list.length > 0 && (
                <List size="sm">
                  {orderError.list.map((e) => (
                    <List.Item key={e}>{e}</List.Item>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep(0)} disabled={confirm.isPending}>
              Back
            </Button>
            <Button onClick={confirm.run} loading={confirm.isPending} disabled={!choice}>
              Confirm
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
