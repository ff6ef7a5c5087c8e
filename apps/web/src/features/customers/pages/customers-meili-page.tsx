import { CustomersScreen } from "./customers-page";

export default function CustomersMeiliPage() {
  return <CustomersScreen variant="index" title="Customers MEILI" />;
}
