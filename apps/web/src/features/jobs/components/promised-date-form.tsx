import { changePromisedDate } from "@loupe/contract";
import {
  dayInZone,
  formatCalendarDay,
  PROMISED_DATE_REASON_MAX,
  promisedDateEditErrors,
} from "@loupe/domain";
import { Alert, Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CalendarDateInput } from "../../../components/calendar-date-input";
import { ApiError, callEndpoint } from "../../../lib/api-client";
import { jobKeys } from "../api/job-keys";
import { PromiseMarks } from "./promise-marks";

/** What the promise part of a job reads. */
export interface PromisedJob {
  id: number;
  due_date: string | null;
  promise_version: number;
  at_risk_reason: string | null;
  is_late: boolean;
  created_at: string;
  origin_outlet: { time_zone: string };
}

/**
 * The job's promised date on the expanded job, and its change (issue 27): a day and a required
 * reason, checked with the domain's rule before sending; the version read goes with it, so a change
 * someone else made in between is refused (409) instead of overwritten.
 */
export function PromisedDateForm({ job }: { job: PromisedJob }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState(job.due_date ?? "");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      callEndpoint(changePromisedDate, {
        params: { id: job.id },
        body: { due_date: day, reason: reason.trim(), version: job.promise_version },
      }),
    onSuccess: () => {
      setOpen(false);
      setReason("");
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) setConflict(err.message);
      else if (err instanceof ApiError && Object.keys(err.errors).length) setErrors(err.errors);
      else setConflict(err instanceof Error ? err.message : String(err));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
  const submit = () => {
    setConflict(null);
    const problems = promisedDateEditErrors({
      dueDate: day,
      reason,
      orderDay: dayInZone(new Date(job.created_at), job.origin_outlet.time_zone),
      currentDueDate: job.due_date,
    });
    setErrors(problems ?? {});
    if (!problems) save.mutate();
  };
  return (
    <Paper withBorder p="xs" bg="white" data-testid="promised-date">
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Promised
          </Text>
          <Text size="sm" data-testid="promised-date-value">
            {job.due_date ? formatCalendarDay(job.due_date) : "Not set"}
          </Text>
          <PromiseMarks job={job} />
        </Group>
        {!open && (
          <Button size="compact-xs" variant="light" onClick={() => setOpen(true)}>
            Change promised date
          </Button>
        )}
      </Group>
      {job.at_risk_reason && (
        <Text size="xs" c="orange.8" mt={4}>
          {job.at_risk_reason}
        </Text>
      )}
      {open && (
        <Stack gap="xs" mt="xs">
          {conflict && (
            <Alert color="red" title="Not saved" data-testid="promised-date-conflict">
              {conflict}
            </Alert>
          )}
          <Group align="flex-start" grow>
            {/* The app's day-first field (DD/MM/YYYY), not the browser's native one, which a US-English
                browser shows and reads month first. */}
            <CalendarDateInput
              label="New promised date"
              value={day}
              onChange={setDay}
              error={errors.due_date?.[0]}
            />
            <TextInput
              label="Reason"
              placeholder="e.g. the lab's ETA moved"
              maxLength={PROMISED_DATE_REASON_MAX + 1}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={errors.reason?.[0]}
            />
          </Group>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button size="xs" loading={save.isPending} onClick={submit}>
              Save promised date
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
