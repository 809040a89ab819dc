import { Download } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";

/** What a list loader returns for `?format=csv`. */
export interface CsvExport {
  kind: "csv";
  filename: string;
  csv: string;
}

/** Saves text as a file in the browser. */
function saveFile(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * 'Export CSV': loads the list route with `?format=csv` and saves the answer as a file.
 * (A route module with a component cannot answer a document request with a file in React Router, so
 * the export travels as loader data; see `CsvExportReady` for the same URL opened directly.)
 */
export function ExportCsvButton({ href, disabled }: { href: string; disabled?: boolean }) {
  const fetcher = useFetcher<CsvExport>();
  const saved = useRef<CsvExport | null>(null);
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || data?.kind !== "csv" || saved.current === data) return;
    saved.current = data;
    saveFile(data.filename, data.csv);
  }, [fetcher.state, fetcher.data]);
  const busy = fetcher.state !== "idle";
  return (
    <Button type="button" variant="outline" disabled={disabled || busy} onClick={() => fetcher.load(href)}>
      <Download aria-hidden="true" />
      {busy ? "Exporting..." : "Export CSV"}
    </Button>
  );
}

/** The `?format=csv` URL opened directly (or without JavaScript): a link that downloads the file. */
export function CsvExportReady({ data, backTo }: { data: CsvExport; backTo: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-12 text-center">
      <h1 className="text-2xl font-semibold">Your export is ready</h1>
      <Button asChild>
        <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(data.csv)}`} download={data.filename}>
          <Download aria-hidden="true" />
          Download {data.filename}
        </a>
      </Button>
      <a href={backTo} className="text-sm text-primary underline-offset-4 hover:underline">
        Back to the list
      </a>
    </div>
  );
}
