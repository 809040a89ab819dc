/**
 * The text of a PDF as a reader sees it, read back with unpdf (PDF.js): the tests of the client report's PDF
 * (PRODUCT.md "Client reports") find its figures and titles in it.
 */
import { extractTextItems } from "unpdf";

export interface PdfText {
  pages: number;
  /** Every piece of text drawn, page by page (from 1), with its place: x from the left, y growing down the page. */
  items: { page: number; x: number; y: number; text: string }[];
  /** Each page's lines top to bottom: the pieces on one baseline, left to right, joined by a space. */
  lines: string[][];
}

const tidy = (text: string) => text.replace(/\s+/g, " ").trim();

export async function pdfText(bytes: Uint8Array | ArrayBuffer): Promise<PdfText> {
  // PDF.js takes the bytes over: give it a copy, so the caller's buffer stays readable.
  const { totalPages, items: pageItems } = await extractTextItems(new Uint8Array(bytes).slice());
  const items = pageItems.flatMap((page, index) =>
    page.filter((item) => item.str.trim() !== "").map((item) => ({ page: index + 1, x: item.x, y: -item.y, text: item.str })),
  );
  const lines = Array.from({ length: totalPages }, (_, index) => {
    const byLine = new Map<number, typeof items>();
    for (const item of items.filter((each) => each.page === index + 1)) {
      const key = Math.round(item.y);
      byLine.set(key, [...(byLine.get(key) ?? []), item]);
    }
    return [...byLine.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, line]) =>
        tidy(
          line
            .sort((a, b) => a.x - b.x)
            .map((item) => item.text)
            .join(" "),
        ),
      );
  });
  return { pages: totalPages, items, lines };
}
