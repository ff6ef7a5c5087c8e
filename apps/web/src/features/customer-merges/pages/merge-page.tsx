import type { MergePreviewWire, MergeSideWire } from "@loupe/contract";
import type { MergeChoice, MergeField } from "@loupe/domain";
import { Alert, Button, Group, List, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { useAlert } from "../../../app/alert-context";
import { confirmAction } from "../../../components/confirm-dialog";
import { ConflictAlert } from "../../../components/conflict-alert";
import { ErrorState } from "../../../components/error-state";
import { PageHeader } from "../../../components/page-header";
import { Spinner } from "../../../components/spinner";
import { ApiError } from "../../../lib/api-client";
import { versionConflictOf } from "../../../lib/conflict";
import { errorList } from "../../../lib/errors";
import { formatDate } from "../../../lib/format";
import { RuleGate } from "../../jobs/components/rule-gate";
import { useVersionConflict } from "../../reference/use-version-conflict";
import { useMergeCustomers, useMergePreview } from "../api";
import { MergeFieldPicker } from "../components/merge-field-picker";
import { MergeOutcome } from "../components/merge-outcome";
import { mergePath, W } from "../merge-words";
import { useCustomerRule } from "../use-customer-rule";

const nameOf = (s: MergeSideWire) => `${s.first_name} ${s.last_name}`.trim() || `#${s.id}`;

/** Picks carried across a swap: the same values stay picked, so each "keep" becomes "lose". */
type SwapState = { picks?: Partial<Record<MergeField, MergeChoice>> } | null;
const flip = (c: MergeChoice): MergeChoice => (c === "keep" ? "lose" : "keep");

function SideCard({ side, as }: { side: MergeSideWire; as: "keep" | "lose" }) {
  const title = as === "keep" ? W.keptRecord(nameOf(side), side.id) : W.losingRecord(nameOf(side), side.id);
  return (
    <Paper withBorder p="sm" data-testid={`merge-side-${as}`}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {[side.email, side.mobile, side.dob ? formatDate(side.dob) : null, side.outlet_name]
          .filter(Boolean)
          .join(" · ") || W.none}
      </Text>
      <Text size="xs" c="dimmed">
        {W.created} {formatDate(side.created_at.slice(0, 10))}
      </Text>
    </Paper>
  );
}

/**
 * Merge two customers (issue 46): both records side by side, a value picked per field (pre-picked by
 * the server), what moves, the consent the kept record ends with, then Merge with a confirm. The
 * versions read here go with the merge: if either record changed meanwhile the server answers 409,
 * and the screen says who changed which and offers to reload.
 */
export default function MergePage() {
  const { keep: keepParam, lose: loseParam } = useParams();
  const keepId = Number(keepParam) || 0;
  const loseId = Number(loseParam) || 0;
  const [search] = useSearchParams();
  const pairId = Number(search.get("pair")) || null;
  const preview = useMergePreview(keepId, loseId);

  return (
    <Stack gap="md" data-testid="merge-page">
      <PageHeader title={W.mergeTitle} />
      {preview.error instanceof ApiError && preview.error.status === 422 ? (
        // Two ids the server will not compare (one customer twice): its sentences, naming the field.
        <Alert color="red" variant="light" role="alert" data-testid="merge-errors">
          {errorList(preview.error).join(" ")}
        </Alert>
      ) : preview.error ? (
        <ErrorState error={preview.error} onRetry={() => preview.refetch()} what="the two customers" />
      ) : !preview.data ? (
        <Spinner />
      ) : (
        <MergeForm
          // Fresh picks whenever either record's version changes (a reload after a conflict).
          key={`${preview.data.keep.id}:${preview.data.keep.version}:${preview.data.lose.id}:${preview.data.lose.version}`}
          preview={preview.data}
          pairId={pairId}
          onReload={async () => {
            const again = await preview.refetch();
            if (again.error) throw again.error;
          }}
        />
      )}
    </Stack>
  );
}

function MergeForm({
  preview,
  pairId,
  onReload,
}: {
  preview: MergePreviewWire;
  pairId: number | null;
  onReload: () => Promise<void>;
}) {
  const { keep, lose } = preview;
  const navigate = useNavigate();
  const location = useLocation();
  const carried = (location.state as SwapState)?.picks;
  const [choices, setChoices] = useState<Record<MergeField, MergeChoice>>(() => ({
    ...preview.choices,
    ...carried,
  }));
  const [errors, setErrors] = useState<string[]>([]);
  const conflict = useVersionConflict();
  const [conflictWhich, setConflictWhich] = useState<string | null>(null);
  const merge = useMergeCustomers();
  const { showAlert } = useAlert();
  const decide = useCustomerRule();
  const verdict = decide("merge_customers", { customerRegionIds: [keep.region_id, lose.region_id] });

  const swap = () => {
    const picks = Object.fromEntries(Object.entries(choices).map(([f, c]) => [f, flip(c)]));
    navigate(mergePath(lose.id, keep.id, pairId), { replace: true, state: { picks } });
  };

  async function send() {
    setErrors([]);
    conflict.clear();
    try {
      const answer = await merge.mutateAsync({
        keep_id: keep.id,
        keep_version: keep.version,
        lose_id: lose.id,
        lose_version: lose.version,
        choices,
        pair_id: pairId,
      });
      showAlert({ variant: "success", message: answer.message });
      navigate(`/customers/${answer.data.kept.id}`);
    } catch (err) {
      const details = versionConflictOf(err);
      if (details && conflict.take(err)) {
        const side = details.id === lose.id ? lose : keep;
        setConflictWhich(
          side === keep ? W.keptRecord(nameOf(keep), keep.id) : W.losingRecord(nameOf(lose), lose.id),
        );
      } else setErrors(errorList(err));
    }
  }

  const confirmMerge = () =>
    confirmAction({
      title: W.mergeConfirmTitle,
      message: W.mergeConfirmMessage(nameOf(lose), nameOf(keep)),
      confirmLabel: W.mergeConfirm,
      onConfirm: send,
    });

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SideCard side={keep} as="keep" />
        <SideCard side={lose} as="lose" />
      </SimpleGrid>
      <Group>
        <Button variant="default" size="xs" onClick={swap}>
          {W.swap}
        </Button>
      </Group>
      {conflict.message && (
        <ConflictAlert
          message={`${conflictWhich ? W.conflictIn(conflictWhich) : ""}${conflict.message}`}
          reloading={conflict.reloading}
          onReload={() => conflict.reload(onReload)}
        />
      )}
      <MergeFieldPicker
        keep={keep}
        lose={lose}
        choices={choices}
        onChange={(field, choice) => setChoices((c) => ({ ...c, [field]: choice }))}
      />
      <MergeOutcome preview={preview} />
      {errors.length > 0 && (
        <Alert color="red" variant="light" role="alert" data-testid="merge-errors">
          <List size="sm">
            {errors.map((e) => (
              <List.Item key={e}>{e}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group justify="flex-end">
        {/* Hidden from those the rulebook hides it from, with its sentence, so no one wonders where it went. */}
        {!verdict.allowed && verdict.hide && verdict.reason && (
          <Text size="sm" c="dimmed" data-testid="merge-refused">
            {verdict.reason}
          </Text>
        )}
        <RuleGate verdict={verdict}>
          {(disabled) => (
            <Button color="red" disabled={disabled} loading={merge.isPending} onClick={confirmMerge}>
              {W.merge}
            </Button>
          )}
        </RuleGate>
      </Group>
    </Stack>
  );
}
