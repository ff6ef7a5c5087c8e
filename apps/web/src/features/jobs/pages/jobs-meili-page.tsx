import { JobsScreen } from "../components/jobs-screen";

/** Jobs MEILI: the same filters and table, fed by the search index (spec §2). */
export default function JobsMeiliPage() {
  return <JobsScreen title="Jobs MEILI" source="index" storageKey="loupe.jobs-meili.filters" />;
}
