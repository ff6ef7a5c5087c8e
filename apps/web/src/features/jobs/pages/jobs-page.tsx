import { JobsScreen } from "../components/jobs-screen";

/** Jobs (spec §2). */
export default function JobsPage() {
  return <JobsScreen title="Jobs" source="db" storageKey="loupe.jobs.filters" />;
}
