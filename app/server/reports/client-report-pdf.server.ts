/**
 * PRODUCT.md "Client reports": the report as a PDF a client can keep, drawn on the server with PDFKit from the
 * same `ClientReport` the page and the CSV show (so its totals are theirs): the header, the totals, a daily
 * chart, the per-item table with the CSV's TOTAL row, plays, mail, the referrer groups and devices, and the disclosure
 * register's rows of the period. A4, the PDF's built-in Helvetica (no font file to ship); long titles wrap,
 * tables run on to new pages with their header repeated, and every page has a footer with its number.
 */
import PDFDocument from "pdfkit";

import { clickRate, DEVICE_LABELS, periodDays, REFERRER_LABELS, type MailFigures } from "~/lib/client-report";
import { formatDate, formatDuration, formatUtcMinute } from "~/lib/format";
import { averageSeconds, completionPercent, type PlayFigures } from "~/lib/play-marks";
import { SITE_NAME } from "~/lib/seo";

import { clientReportRows, type AudienceLine, type ClientReport, type ReportDay } from "./client-report.server";

type Doc = PDFKit.PDFDocument;

const MARGIN = 40;
/** Room under the last row for the footer, drawn in the bottom margin. */
const BOTTOM = 56;
const INK = "#111827";
const MUTED = "#6b7280";
const RULE = "#d1d5db";
const VIEWS_COLOUR = "#2563eb";
const LISTENS_COLOUR = "#93c5fd";
const DOWNLOADS_COLOUR = "#ea580c";
const CELL_PAD = 3;
const BODY_SIZE = 8;

/** A figure as the page writes it ('1,234'); a cell that does not apply (null) is a dash, as on the page. */
const number = (n: number | string | null) => (n == null ? "—" : typeof n === "number" ? n.toLocaleString("en-US") : n);

// The standard fonts draw WinAnsi only: Latin-1 plus these. Anything else is spelled without its accents
// ('ő' → 'o') when it can be, else '?', so no title draws as stray glyphs.
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
const drawable = (char: string) => {
  const code = char.charCodeAt(0);
  // Latin-1 less its control characters (C0, DEL, C1).
  return (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code < 0x100) || WIN_ANSI_EXTRA.has(char);
};

/** `text` as the built-in Helvetica can draw it. */
export function pdfText(text: string): string {
  let out = "";
  for (const char of text.normalize("NFC")) {
    if (drawable(char)) out += char;
    else if (/\s/.test(char)) out += " ";
    else {
      const plain = char.normalize("NFKD").replace(/\p{M}/gu, "");
      out += plain !== char && [...plain].every(drawable) ? plain : "?";
    }
  }
  return out;
}

interface Column {
  label: string;
  width: number;
  align?: "left" | "right";
}

interface Row {
  cells: (string | number | null)[];
  bold?: boolean;
  /** A smaller grey line under the first cell (an item's type under its title). */
  note?: string;
}

class ReportWriter {
  readonly doc: Doc;
  readonly width: number;

  constructor(doc: Doc) {
    this.doc = doc;
    this.width = doc.page.width - 2 * MARGIN;
  }

  get bottom() {
    return this.doc.page.height - BOTTOM;
  }

  /** A new page when fewer than `height` points are left on this one; true when it took one. */
  ensure(height: number): boolean {
    if (this.doc.y + height <= this.bottom) return false;
    this.doc.addPage();
    return true;
  }

  heading(text: string, keepWith: number) {
    this.doc.moveDown(0.8);
    this.ensure(20 + keepWith);
    this.doc.font("Helvetica-Bold").fontSize(12).fillColor(INK).text(pdfText(text), MARGIN, this.doc.y, { width: this.width });
    this.doc.moveDown(0.3);
  }

  note(text: string) {
    this.ensure(14);
    this.doc.font("Helvetica").fontSize(BODY_SIZE).fillColor(MUTED).text(pdfText(text), MARGIN, this.doc.y, { width: this.width });
  }

  private cellText(row: Row, index: number) {
    return pdfText(String(number(row.cells[index] ?? null)));
  }

  private rowHeight(columns: Column[], row: Row) {
    const { doc } = this;
    let height = 0;
    columns.forEach((column, index) => {
      doc.font(row.bold ? "Helvetica-Bold" : "Helvetica").fontSize(BODY_SIZE);
      let cell = doc.heightOfString(this.cellText(row, index), { width: column.width - 2 * CELL_PAD });
      if (index === 0 && row.note)
        cell += doc
          .font("Helvetica")
          .fontSize(BODY_SIZE - 1)
          .heightOfString(pdfText(row.note), { width: column.width - 2 * CELL_PAD });
      height = Math.max(height, cell);
    });
    return height + 2 * CELL_PAD;
  }

  /** A header's height: one line, and more when a label wraps in its column ('Newsletter' over 'sends'). */
  private headerHeight(columns: Column[]) {
    const { doc } = this;
    doc.font("Helvetica-Bold").fontSize(BODY_SIZE);
    const line = doc.heightOfString("Title");
    const wrapped = Math.max(...columns.map((column) => doc.heightOfString(column.label, { width: column.width - 2 * CELL_PAD })));
    return BODY_SIZE + 2 * CELL_PAD + 2 + Math.max(0, wrapped - line);
  }

  private drawRow(columns: Column[], row: Row, header = false) {
    const { doc } = this;
    const top = doc.y;
    const height = header ? this.headerHeight(columns) : this.rowHeight(columns, row);
    let x = MARGIN;
    columns.forEach((column, index) => {
      const options = { width: column.width - 2 * CELL_PAD, align: column.align ?? "left" };
      doc
        .font(header || row.bold ? "Helvetica-Bold" : "Helvetica")
        .fontSize(BODY_SIZE)
        .fillColor(header ? MUTED : INK)
        .text(header ? column.label : this.cellText(row, index), x + CELL_PAD, top + CELL_PAD, options);
      if (index === 0 && row.note && !header) {
        doc
          .font("Helvetica")
          .fontSize(BODY_SIZE - 1)
          .fillColor(MUTED)
          .text(pdfText(row.note), x + CELL_PAD, doc.y, options);
      }
      x += column.width;
    });
    const lineY = top + height;
    doc
      .moveTo(MARGIN, row.bold ? top : lineY)
      .lineTo(x, row.bold ? top : lineY)
      .lineWidth(header || row.bold ? 0.8 : 0.4)
      .strokeColor(header || row.bold ? INK : RULE)
      .stroke();
    doc.x = MARGIN;
    doc.y = lineY;
  }

  /** A table whose rows wrap their text; a row that does not fit starts a page, under the header again. */
  table(columns: Column[], rows: Row[]) {
    const header = () => this.drawRow(columns, { cells: [] }, true);
    this.ensure(this.headerHeight(columns) + (rows[0] ? this.rowHeight(columns, rows[0]) : 0));
    header();
    for (const row of rows) {
      if (this.ensure(this.rowHeight(columns, row))) header();
      this.drawRow(columns, row);
    }
    this.doc.moveDown(0.5);
  }

  /** Five figures side by side, as the page's cards. */
  totals(figures: [string, number][]) {
    const { doc } = this;
    const top = doc.y;
    const box = this.width / figures.length;
    figures.forEach(([label, value], index) => {
      const x = MARGIN + index * box;
      doc
        .roundedRect(x + 2, top, box - 4, 40, 3)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      doc
        .font("Helvetica")
        .fontSize(7)
        .fillColor(MUTED)
        .text(label, x + 8, top + 7, { width: box - 16, lineBreak: false });
      doc
        .font("Helvetica-Bold")
        .fontSize(14)
        .fillColor(INK)
        .text(number(value), x + 8, top + 19, { width: box - 16, lineBreak: false });
    });
    doc.x = MARGIN;
    doc.y = top + 48;
  }

  /** A bar a day for views with listens on top, a line for downloads: the page's chart, in vector strokes. */
  chart(days: ReportDay[]) {
    const { doc } = this;
    const height = 130;
    this.ensure(height + 24);
    const top = doc.y;
    const left = MARGIN + 40;
    const plotWidth = this.width - 40;
    const max = Math.max(1, ...days.map((day) => Math.max(day.views + day.listens, day.downloads)));
    const y = (value: number) => top + height - (value / max) * height;
    const slot = plotWidth / Math.max(1, days.length);
    const bar = Math.max(0.5, slot * 0.7);

    doc.font("Helvetica").fontSize(7).fillColor(MUTED);
    doc.text(number(max), MARGIN, top - 3, { width: 36, align: "right", lineBreak: false });
    doc.text("0", MARGIN, top + height - 5, { width: 36, align: "right", lineBreak: false });
    doc
      .moveTo(left, top)
      .lineTo(left + plotWidth, top)
      .lineWidth(0.3)
      .strokeColor(RULE)
      .stroke();
    days.forEach((day, index) => {
      const x = left + index * slot + (slot - bar) / 2;
      if (day.views > 0) doc.rect(x, y(day.views), bar, top + height - y(day.views)).fill(VIEWS_COLOUR);
      if (day.listens > 0) doc.rect(x, y(day.views + day.listens), bar, y(day.views) - y(day.views + day.listens)).fill(LISTENS_COLOUR);
    });
    if (days.some((day) => day.downloads > 0)) {
      days.forEach((day, index) => {
        const x = left + index * slot + slot / 2;
        if (index === 0) doc.moveTo(x, y(day.downloads));
        else doc.lineTo(x, y(day.downloads));
      });
      doc.lineWidth(1.2).strokeColor(DOWNLOADS_COLOUR).stroke();
    }
    doc
      .moveTo(left, top + height)
      .lineTo(left + plotWidth, top + height)
      .lineWidth(0.6)
      .strokeColor(INK)
      .stroke();

    const labelY = top + height + 4;
    doc.font("Helvetica").fontSize(7).fillColor(MUTED);
    if (days[0]) doc.text(formatDate(`${days[0].day}T00:00:00Z`), left, labelY, { width: 80, lineBreak: false });
    const last = days.at(-1);
    if (last && days.length > 1)
      doc.text(formatDate(`${last.day}T00:00:00Z`), left + plotWidth - 80, labelY, { width: 80, align: "right", lineBreak: false });
    // The legend, centred under the axis.
    let x = left + plotWidth / 2 - 90;
    for (const [label, colour] of [
      ["Views", VIEWS_COLOUR],
      ["Listens", LISTENS_COLOUR],
      ["Downloads", DOWNLOADS_COLOUR],
    ] as const) {
      doc.rect(x, labelY + 1, 6, 6).fill(colour);
      doc.fillColor(MUTED).text(label, x + 9, labelY, { width: 50, lineBreak: false });
      x += 60;
    }
    doc.x = MARGIN;
    doc.y = labelY + 14;
  }

  /** Each page's footer, once the number of pages is known (needs `bufferPages`). */
  footers(text: string) {
    const { doc } = this;
    const { start, count } = doc.bufferedPageRange();
    for (let index = start; index < start + count; index++) {
      doc.switchToPage(index);
      // Drawing inside the bottom margin would otherwise start a new page.
      const margin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font("Helvetica")
        .fontSize(7)
        .fillColor(MUTED)
        .text(`${text} · Page ${index + 1} of ${count}`, MARGIN, doc.page.height - 32, {
          width: this.width,
          align: "center",
          lineBreak: false,
        });
      doc.page.margins.bottom = margin;
    }
  }
}

const audienceRows = (lines: AudienceLine[], labels: Record<string, string>): Row[] =>
  lines.map((line) => ({ cells: [labels[line.value] ?? line.value, line.hits] }));

/** An audience table: its first column's label, its figures' labels, and its rows. */
type AudienceSection = [title: string, label: string, figures: string[], rows: Row[]];

function write(doc: Doc, report: ClientReport) {
  const writer = new ReportWriter(doc);
  const { company, period, totals, items, disclosures } = report;
  const periodText = `${formatDate(`${period.from}T00:00:00Z`)} to ${formatDate(`${period.to}T00:00:00Z`)} (${periodDays(period)} days)`;

  doc
    .font("Helvetica-Bold")
    .fontSize(18)
    .fillColor(INK)
    .text(pdfText(`Client report: ${company.name}`), MARGIN, MARGIN, { width: writer.width });
  doc.moveDown(0.2);
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(MUTED)
    .text(pdfText(`${company.tickerLabel} · ${periodText}`), { width: writer.width })
    .text(`Generated ${formatUtcMinute(new Date(report.generatedAt))}`, { width: writer.width });
  doc.moveDown(0.8);

  writer.totals([
    ["Views", totals.views],
    ["Listens", totals.listens],
    ["Unique visitors (daily)", totals.uniques],
    ["Downloads (IAB)", totals.downloads],
    ["Listeners", totals.listeners],
  ]);

  writer.heading("Day by day", 160);
  writer.chart(report.daily);

  writer.heading("Coverage", 40);
  if (items.length === 0) writer.note(`No published coverage of ${company.name} by the end of this period.`);
  else {
    // The CSV's rows without the URL: the same figures in the same columns, its TOTAL row last.
    const rows: Row[] = clientReportRows(report).map(([title, type, , published, ...columns], index) => {
      const figures = columns.slice(0, 5);
      return index < items.length
        ? { cells: [title, published, ...figures], note: String(type) }
        : { cells: [title, "", ...figures], bold: true };
    });
    const figure = (label: string): Column => ({ label, width: 50, align: "right" });
    writer.table(
      [
        { label: "Title", width: writer.width - 60 - 5 * 50 },
        { label: "Published", width: 60 },
        figure("Views"),
        figure("Listens"),
        figure("Uniques"),
        figure("Downloads"),
        figure("Listeners"),
      ],
      rows,
    );
    writer.note(
      "Uniques: each day's unique visitors, summed over the days. Downloads follow the IAB Podcast Measurement guidelines (one per listener in 24 hours); listeners are each episode's distinct listeners per day, summed over the days and the episodes. A dash: does not apply (a podcast has listens, not views; only episodes are downloaded).",
    );
  }

  // PRODUCT.md "Client reports": plays as the page shows them, the share reaching each quarter and the average time.
  writer.heading("Plays and completion", 40);
  const played = items.filter((item) => item.plays);
  if (played.length === 0) writer.note("No video, interview or podcast in this report.");
  else {
    const share = (reached: number, plays: number) => {
      const percent = completionPercent(reached, plays);
      return percent == null ? null : `${percent}%`;
    };
    const playCells = (figures: PlayFigures) => {
      const average = averageSeconds(figures);
      return [
        figures.plays,
        share(figures.q25, figures.plays),
        share(figures.q50, figures.plays),
        share(figures.q75, figures.plays),
        share(figures.q100, figures.plays),
        average == null ? null : formatDuration(average),
      ];
    };
    const figure = (label: string): Column => ({ label, width: 45, align: "right" });
    writer.table(
      [
        { label: "Title", width: writer.width - 4 * 45 - 55 - 60 },
        figure("Plays"),
        figure("25%"),
        figure("50%"),
        figure("75%"),
        { label: "Completed", width: 55, align: "right" },
        { label: "Average time", width: 60, align: "right" },
      ],
      [
        ...played.map((item) => ({ cells: [item.title, ...playCells(item.plays!)], note: item.typeLabel })),
        { cells: ["TOTAL", ...playCells(totals.plays)], bold: true },
      ],
    );
  }

  // PRODUCT.md "Client reports": the mails carrying each item and the presses of its link, as the page shows them.
  writer.heading("Mail", 40);
  if (items.length === 0) writer.note(`No published coverage of ${company.name} by the end of this period.`);
  else {
    const mailCells = (mail: MailFigures) => [
      mail.newsletterSends,
      mail.newsletterClicks,
      clickRate(mail.newsletterClicks, mail.newsletterSends),
      mail.alertSends,
      mail.alertClicks,
      clickRate(mail.alertClicks, mail.alertSends),
    ];
    const figure = (label: string): Column => ({ label, width: 52, align: "right" });
    writer.table(
      [
        { label: "Title", width: writer.width - 6 * 52 },
        figure("Newsletter sends"),
        figure("Newsletter clicks"),
        figure("Newsletter click rate"),
        figure("Alert sends"),
        figure("Alert clicks"),
        figure("Alert click rate"),
      ],
      [
        ...items.map((item) => ({
          cells: [item.title, ...mailCells(item.mail)],
          note: item.deleted ? `${item.typeLabel}, deleted` : item.typeLabel,
        })),
        { cells: ["TOTAL", ...mailCells(totals.mail)], bold: true },
      ],
    );
    writer.note(
      "Sends: newsletter editions and company alerts our mail server handed over carrying the item. Clicks: presses of the item's link in them, once per reader in 30 minutes. Click rate: clicks as a share of sends.",
    );
  }

  const sections: AudienceSection[] = [
    ["Referrers", "Referrer", ["Views and listens"], audienceRows(report.referrers, REFERRER_LABELS)],
    ["Devices", "Device", ["Views and listens"], audienceRows(report.devices, DEVICE_LABELS)],
    ["Embeds", "Site", ["Loads", "Plays"], report.embeds.map((line) => ({ cells: [line.host, line.loads, line.plays] }))],
  ];
  for (const [title, label, figures, rows] of sections) {
    writer.heading(title, 30);
    if (rows.length === 0) writer.note("Nothing recorded in this period.");
    else writer.table([{ label, width: 180 }, ...figures.map((figure): Column => ({ label: figure, width: 100, align: "right" }))], rows);
  }

  writer.heading("Disclosure register", 40);
  if (disclosures.length === 0) writer.note(`No paid piece about ${company.name} was published in this period.`);
  else
    writer.table(
      [
        { label: "Title", width: writer.width - 100 - 110 - 75 - 60 },
        { label: "Paid by", width: 100 },
        { label: "Paid", width: 110 },
        { label: "Agreed", width: 75 },
        { label: "Published", width: 60 },
      ],
      disclosures.map((entry) => ({
        cells: [
          entry.title,
          entry.payer ?? "not recorded",
          entry.consideration ?? "not recorded",
          entry.agreed ?? "not recorded",
          formatDate(entry.publishedAt),
        ],
        note: entry.typeLabel,
      })),
    );

  writer.footers(pdfText(`${SITE_NAME} · Client report: ${company.name} · ${periodText}`));
}

/** The report as a PDF file. */
export function clientReportPdf(report: ClientReport): Promise<Buffer> {
  const generatedAt = new Date(report.generatedAt);
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM },
    bufferPages: true,
    info: {
      Title: pdfText(`Client report: ${report.company.name}, ${report.period.from} to ${report.period.to}`),
      Author: SITE_NAME,
      Creator: SITE_NAME,
      CreationDate: generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  write(doc, report);
  doc.end();
  return done;
}

/** The report's PDF as a download: the CSV's name with .pdf (the company, the period, the day it was made). */
export async function clientReportPdfResponse(report: ClientReport, headers: Record<string, string> = {}): Promise<Response> {
  const { from, to } = report.period;
  const pdf = await clientReportPdf(report);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="client-report-${report.company.slug}-${from}-to-${to}-${report.generatedAt.slice(0, 10)}.pdf"`,
      "Content-Length": String(pdf.length),
      // Private figures: never kept by a browser or a proxy, as the CSV.
      "Cache-Control": "private, no-store",
      ...headers,
    },
  });
}
