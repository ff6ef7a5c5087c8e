import { listPromos, type PromoWire } from "@loupe/contract";
import { formatCalendarDay } from "@loupe/domain";
import { Anchor, Group } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { callEndpoint } from "../../../lib/api-client";

/** Promos & Campaigns: newest start date first, PDF links open in a new tab. */
export default function PromosPage() {
  const {
    data = [],
    isLoading,
    error,
    refetch,
  } = useQuery({
    queryKey: ["promos"],
    queryFn: async () => {
      try {
        return await callEndpoint(listPromos);
      } catch (err) {
        // The spec's screen stops the spinner and logs; the table says what failed (a refusal is
        // not an empty list, issue 52).
        console.error(err);
        throw err;
      }
    },
  });
  return (
    <>
      <PageHeader title="Promos & Campaigns" />
      <DataTable<PromoWire>
        rows={data}
        loading={isLoading && !error}
        error={error}
        onRetry={() => refetch()}
        rowKey={(p) => p.id}
        columns={[
          { key: "code", title: "Discount Code", render: (p) => p.discountCode },
          { key: "brand", title: "Brand", render: (p) => p.brand },
          { key: "rule", title: "Discount Rule", render: (p) => p.discountRule },
          { key: "region", title: "Region Note", render: (p) => p.regionNote ?? "" },
          { key: "start", title: "Start Date", render: (p) => formatCalendarDay(p.startDate) },
          { key: "end", title: "End Date", render: (p) => formatCalendarDay(p.endDate) },
          { key: "with", title: "Combined With", render: (p) => p.combinedWith ?? "" },
          { key: "without", title: "Not Combined With", render: (p) => p.notCombinedWith ?? "" },
          {
            key: "pdfs",
            title: "PDFs & Copies",
            render: (p) => (
              <Group gap="xs">
                {p["pDFs&Copies"].map((pdf) => (
                  <Anchor key={pdf.url} href={pdf.url} target="_blank" rel="noreferrer" size="sm">
                    {pdf.label}
                  </Anchor>
                ))}
              </Group>
            ),
          },
        ]}
      />
    </>
  );
}
