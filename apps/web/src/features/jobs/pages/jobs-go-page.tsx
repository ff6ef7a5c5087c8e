import { GO_JOBS_TITLE } from "../../../app/shell/nav-items";
import { PlaceholderPage } from "../../placeholder/placeholder-page";

/** Stands in until the jobs issue replaces this page; the route table already points here. */
export default function JobsGoPage() {
  return <PlaceholderPage title={GO_JOBS_TITLE} />;
}
