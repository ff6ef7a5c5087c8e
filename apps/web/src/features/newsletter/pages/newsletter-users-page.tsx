import { PlaceholderPage } from "../../placeholder/placeholder-page";

/** Stands in until the newsletter issue replaces this page; the route table already points here. */
export default function NewsletterUsersPage() {
  return <PlaceholderPage title="Newsletter Subscribers" />;
}
