import { JobsScreen } from "../components/jobs-screen";

/** Beta Jobs: the jobs screen with the All / Job ID / Order Item ID search type (spec §2). */
export default function JobsSearchPage() {
  return <JobsScreen title="Beta Jobs" source="db" withSearchType storageKey="loupe.jobs-search.filters" />;
}
