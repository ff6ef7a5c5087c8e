import { PlaceholderPage } from "../../placeholder/placeholder-page";

/** Stands in until the jobs issue replaces this page; the route table already points here. */
export default function JobsMeiliPage() {
  return <PlaceholderPage title="Jobs MEILI" />;
}
