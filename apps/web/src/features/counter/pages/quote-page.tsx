import type {
  LineDiscount,
  QuoteLineBody,
  QuoteLineSelection,
  QuoteLineWire,
  QuoteWire,
} from "@loupe/contract";
import { currencyForCountry, DAY_DISPLAY_FORMAT, QUOTE_MESSAGES } from "@loupe/domain";
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { ConflictAlert } from "../../../components/conflict-alert";
import { ErrorState } from "../../../components/error-state";
import { Spinner } from "../../../components/spinner";
import { ApiError } from "../../../lib/api-client";
import { versionConflictText } from "../../../lib/conflict";
import { errorText } from "../../../lib/errors";
import { formatDateTime } from "../../../lib/format";
import { useAction } from "../../../lib/use-action";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { jobKeys } from "../../jobs/api/job-keys";
import { RuleGate } from "../../jobs/components/rule-gate";
import { useRuleActor } from "../../jobs/use-job-rules";
import { useOutletTimeZone, useUserTimeZone } from "../../reference/use-date-format";
import { useCurrentOutlet, useRegions } from "../../reference/use-reference-data";
import {
  addLine,
  dropLine,
  keepQuote,
  lineBody,
  makeQuote,
  openQuotePdf,
  quoteKeys,
  replaceLine,
  saveQuoteNote,
  useQuote,
} from "../api";
import type { CatalogueProduct } from "../catalogue-api";
import { COUNTER_LABELS, type CounterMode, quotePath } from "../counter-paths";
import { EMPTY_GUEST, guestBody, guestErrors, needsSelection } from "../counter-rules";
import { ItemPicker } from "../item-picker";
import { QuoteLines, QuoteTotals } from "../quote-lines";
import { useCounterRule } from "../use-counter-rule";
import { useQuoteRule } from "../use-quote-rule";
import { ChooseWho, NewCustomerWho, QuoteWho } from "../who-panel";

// The dialogs (the job edit's steps with their modals, the card form, the approval) load when first
// opened: the quote opened cold carries the list, the picker and the totals only (issue 31).
const LineStepsDrawer = lazy(() =>
  import("../line-steps-drawer").then((m) => ({ default: m.LineStepsDrawer })),
);
const DiscountModal = lazy(() => import("../discount-modal").then((m) => ({ default: m.DiscountModal })));
const AcceptModal = lazy(() => import("../accept-modal").then((m) => ({ default: m.AcceptModal })));
const EmailQuoteModal = lazy(() =>
  import("../email-quote-modal").then((m) => ({ default: m.EmailQuoteModal })),
);

type Steps = { product: CatalogueProduct | { id: number }; line: QuoteLineWire | null };

/**
 * The counter (issue 44): a quote, or a job in the making, for a customer or a guest at the staff
 * member's outlet. Items come from the catalogue by scan or search; a spectacle item goes through
 * the job edit's steps first. The server prices every change (tax per outlet) and the screen shows
 * its answer. The quote is saved with its first item; then it prints, e-mails and is accepted into
 * a job with a deposit.
 */
export default function QuotePage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showAlert } = useAlert();
  const mode: CounterMode = params.get("for") === "job" ? "job" : "quote";
  const routeId = Number(id) > 0 ? Number(id) : null;
  const read = useQuote(routeId);
  const quote = routeId ? (read.data ?? null) : null;
  const outlet = useCurrentOutlet();
  const { data: regions = [] } = useRegions();
  const actor = useRuleActor();
  const userZone = useUserTimeZone();
  const outletZone = useOutletTimeZone(quote?.outlet.id ?? outlet?.id);
  const regionId = quote?.outlet.region_id ?? outlet?.region_id ?? null;
  const currency =
    quote?.currency ?? currencyForCountry(regions.find((r) => r.id === regionId)?.country_code);

  const [customerId, setCustomerId] = useState<number | null>(Number(params.get("customer_id")) || null);
  const [asGuest, setAsGuest] = useState(false);
  const [guest, setGuest] = useState(EMPTY_GUEST);
  const [triedWho, setTriedWho] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [steps, setSteps] = useState<Steps | null>(null);
  const [discountLine, setDiscountLine] = useState<QuoteLineWire | null>(null);
  const [dialog, setDialog] = useState<"accept" | "email" | null>(null);
  const [busy, setBusy] = useState(0);

  const startRule = useCounterRule(mode);
  const editRule = useQuoteRule("edit_quote", quote);
  const acceptRule = useQuoteRule("accept_quote", quote);
  const editable = quote ? editRule.allowed : startRule.allowed;
  const whoErrors = asGuest
    ? guestErrors(guest)
    : customerId
      ? {}
      : { customer: "Choose the customer first." };
  const whoReady = quote != null || Object.keys(whoErrors).length === 0;
  const forCustomerId = quote ? (quote.customer?.id ?? null) : asGuest ? null : customerId;
  const title = quote
    ? mode === "job"
      ? `New job (${quote.reference})`
      : `Quote ${quote.reference}`
    : COUNTER_LABELS[mode];
  useDocumentTitle([title]);

  // Edits go one after another, each with the version the one before it answered: a fast scanner's
  // second frame waits for the first instead of being lost or refused as stale.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const quoteIdRef = useRef<number | null>(routeId);
  quoteIdRef.current = quoteIdRef.current ?? routeId;
  const current = () =>
    quoteIdRef.current
      ? (queryClient.getQueryData<QuoteWire>(quoteKeys.one(quoteIdRef.current)) ?? null)
      : null;

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === 409 && err.code === "conflict")
      setConflict(versionConflictText(err, userZone) ?? errorText(err, QUOTE_MESSAGES.conflict));
    else showAlert({ variant: "danger", message: errorText(err) });
  };
  /** Runs one change of the quote in turn; answers whether it went through. A rejection is rethrown when asked. */
  const change = (op: (q: QuoteWire | null) => Promise<QuoteWire>, rethrow = false): Promise<boolean> => {
    const run = async () => {
      setBusy((n) => n + 1);
      try {
        const answer = await op(current());
        keepQuote(queryClient, answer);
        setConflict(null);
        if (quoteIdRef.current !== answer.id) {
          quoteIdRef.current = answer.id;
          navigate(quotePath(answer.id, mode), { replace: true });
        }
        return true;
      } catch (err) {
        if (rethrow && !(err instanceof ApiError && err.status === 409)) throw err;
        failed(err);
        return false;
      } finally {
        setBusy((n) => n - 1);
      }
    };
    const next = queue.current.then(run, run);
    queue.current = next.catch(() => undefined);
    return next;
  };

  const addToQuote = (body: QuoteLineBody) =>
    change((q) =>
      q
        ? addLine(q, body)
        : makeQuote({
            outlet_id: outlet?.id,
            customer_id: asGuest ? null : customerId,
            guest: asGuest ? guestBody(guest) : null,
            lines: [body],
          }),
    );

  const pick = (product: CatalogueProduct) => {
    if (!whoReady) {
      setTriedWho(true);
      return;
    }
    if (needsSelection(product)) setSteps({ product, line: null });
    else void addToQuote({ region_product_id: product.id, quantity: 1 });
  };

  const stepsDone = async (selection: QuoteLineSelection, quantity: number) => {
    if (!steps) return;
    const { line, product } = steps;
    const ok = line
      ? await change((q) => replaceLine(q!, line.id, { ...lineBody(line), quantity, selection }))
      : await addToQuote({ region_product_id: product.id, quantity, selection });
    if (ok) setSteps(null);
  };

  const print = useAction(async () => {
    if (!quote) return;
    try {
      await openQuotePdf(quote);
    } catch (err) {
      showAlert({ variant: "danger", message: errorText(err) });
    }
  });

  if (routeId && read.isLoading) return <Spinner />;
  if (routeId && read.error && !quote)
    return <ErrorState error={read.error} onRetry={() => read.refetch()} />;

  const closed = quote && quote.status !== "open";
  return (
    <Stack gap="md" data-testid="quote-page">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <Title order={2}>{title}</Title>
          {quote && (
            <Badge color={quote.status === "open" ? "blue" : quote.status === "accepted" ? "green" : "gray"}>
              {quote.status}
            </Badge>
          )}
        </Group>
        {quote && (
          <Group gap="xs" wrap="wrap">
            <Button variant="default" onClick={() => print.run()} loading={print.isPending}>
              Print
            </Button>
            <Button variant="default" onClick={() => setDialog("email")}>
              E-mail
            </Button>
            <RuleGate verdict={acceptRule}>
              {(disabled) => (
                <Button disabled={disabled || busy > 0} onClick={() => setDialog("accept")}>
                  {mode === "job" ? "Create job" : "Accept into job"}
                </Button>
              )}
            </RuleGate>
          </Group>
        )}
      </Group>
      {conflict && (
        <ConflictAlert
          message={conflict}
          reloading={read.isFetching}
          onReload={async () => {
            await read.refetch();
            setConflict(null);
          }}
        />
      )}
      {!quote && !startRule.allowed && startRule.refusal !== "approval" && (
        <Alert color="orange" variant="light">
          {startRule.reason}
        </Alert>
      )}
      {quote?.status === "accepted" && quote.invoice_number && (
        <Alert color="green" variant="light" data-testid="quote-accepted">
          Accepted into job{" "}
          <Anchor component={Link} to={`/jobs/${encodeURIComponent(quote.invoice_number)}`} inherit>
            {quote.invoice_number}
          </Anchor>
          .
        </Alert>
      )}
      {closed && quote.status !== "accepted" && (
        <Alert color="gray" variant="light">
          {editRule.allowed ? `This quote is ${quote.status}.` : editRule.reason}
        </Alert>
      )}
      <Paper withBorder p="sm">
        <Stack gap="xs">
          {quote ? (
            <QuoteWho quote={quote} />
          ) : customerId && !asGuest ? (
            <NewCustomerWho customerId={customerId} onChange={() => setCustomerId(null)} />
          ) : (
            <ChooseWho
              guest={guest}
              onGuest={setGuest}
              guestErrors={triedWho ? whoErrors : {}}
              onCustomer={(cid) => {
                setCustomerId(cid);
                setAsGuest(false);
              }}
              asGuest={asGuest}
              onAsGuest={setAsGuest}
            />
          )}
          {triedWho && !asGuest && !quote && whoErrors.customer && (
            <Text size="sm" c="red">
              {whoErrors.customer}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            At {quote?.outlet.name ?? outlet?.name ?? "—"}
            {quote && (
              <>
                {" · "}
                <span data-testid="quote-expiry">
                  valid until {formatDateTime(quote.expires_at, outletZone, DAY_DISPLAY_FORMAT)}
                </span>
                {quote.created_by ? ` · by ${quote.created_by.full_name}` : ""}
              </>
            )}
          </Text>
        </Stack>
      </Paper>
      {editable && !closed && (
        <Paper withBorder p="sm">
          <ItemPicker regionId={regionId} currency={currency} onPick={pick} />
        </Paper>
      )}
      {quote ? (
        <>
          <QuoteLines
            quote={quote}
            editable={editRule.allowed}
            busy={busy > 0}
            onQuantity={(line, quantity) =>
              void change((q) => replaceLine(q!, line.id, { ...lineBody(line), quantity }))
            }
            onDiscount={setDiscountLine}
            onSelection={(line) => setSteps({ product: { id: line.region_product_id }, line })}
            onRemove={(line) => void change((q) => dropLine(q!, line.id))}
          />
          <QuoteTotals quote={quote} />
          {editRule.allowed && <QuoteNote quote={quote} change={change} />}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No items yet: scan a frame's barcode or find a product. The quote is saved with its first item.
        </Text>
      )}
      <Suspense fallback={null}>
        {steps && (
          <LineStepsDrawer
            product={steps.product}
            customerId={forCustomerId}
            currency={currency}
            initial={steps.line?.selection?.choice ?? null}
            quantity={steps.line?.quantity}
            busy={busy > 0}
            onClose={() => setSteps(null)}
            onDone={stepsDone}
          />
        )}
        {discountLine && quote && actor && (
          <DiscountModal
            quote={quote}
            line={discountLine}
            actor={actor}
            onClose={() => setDiscountLine(null)}
            onApply={async (discount: LineDiscount | null, approvalId?: number) => {
              const ok = await change(
                (q) =>
                  replaceLine(q!, discountLine.id, {
                    ...lineBody(discountLine),
                    discount,
                    ...(approvalId ? { approval_id: approvalId } : {}),
                  }),
                true,
              );
              if (!ok) throw new Error(QUOTE_MESSAGES.conflict);
            }}
          />
        )}
        {dialog === "email" && quote && <EmailQuoteModal quote={quote} onClose={() => setDialog(null)} />}
        {dialog === "accept" && quote && (
          <AcceptModal
            quote={quote}
            onClose={() => setDialog(null)}
            onConflict={failed}
            onAccepted={async (job) => {
              showAlert({ variant: "success", message: QUOTE_MESSAGES.accepted });
              await queryClient.invalidateQueries({ queryKey: jobKeys.all });
              await queryClient.invalidateQueries({ queryKey: quoteKeys.one(quote.id) });
              navigate(`/jobs/${encodeURIComponent(job.invoice_number)}`);
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}

/** The quote's note (printed on it), saved when the field is left. */
function QuoteNote(props: {
  quote: QuoteWire;
  change: (op: (q: QuoteWire | null) => Promise<QuoteWire>) => Promise<boolean>;
}) {
  const [text, setText] = useState(props.quote.note ?? "");
  return (
    <Textarea
      label="Note on the quote"
      autosize
      minRows={1}
      maxLength={1000}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => {
        if (text.trim() !== (props.quote.note ?? "")) void props.change((q) => saveQuoteNote(q!, text));
      }}
    />
  );
}
