import { PlaceholderPage } from "../../placeholder/placeholder-page";

/** Stands in until the promos issue replaces this page; the route table already points here. */
export default function PromosPage() {
  return <PlaceholderPage title="Promos & Campaigns" />;
}
