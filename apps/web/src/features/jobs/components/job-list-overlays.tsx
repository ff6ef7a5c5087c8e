import type { OrderWire } from "@loupe/contract";
import { lazy, Suspense } from "react";

// The batch footer (its dialogs, the location and status choices) shows once an item is selected,
// a job's notes now and then: both load when first needed, not with the list (issue 31).
const BatchFooter = lazy(() => import("./batch-footer").then((m) => ({ default: m.BatchFooter })));
const CommentsModal = lazy(() =>
  import("../../customer-actions/comments-modal").then((m) => ({ default: m.CommentsModal })),
);

/** A selection of item ids with `ids` ticked on or off (a new set: state updates replace it). */
export function toggled(set: Set<number>, ids: number[], on: boolean): Set<number> {
  const next = new Set(set);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/**
 * What a jobs table opens over itself: the batch footer while items are selected, and one job's
 * notes. Each waits for its code on its own, so opening the notes never hides the footer.
 */
export function JobListOverlays(props: {
  selected: Set<number>;
  /** The jobs the selected items are on. */
  jobs: OrderWire[];
  onSelectionDone: () => void;
  notesFor: OrderWire | null;
  onNotesClose: () => void;
}) {
  const { selected, notesFor } = props;
  return (
    <>
      {selected.size > 0 && (
        <Suspense fallback={null}>
          <BatchFooter itemIds={[...selected]} jobs={props.jobs} onDone={props.onSelectionDone} />
        </Suspense>
      )}
      {notesFor && (
        <Suspense fallback={null}>
          <CommentsModal
            target={{ orderId: notesFor.id }}
            title={`Notes for ${notesFor.vend_invoice_number}`}
            onClose={props.onNotesClose}
          />
        </Suspense>
      )}
    </>
  );
}
