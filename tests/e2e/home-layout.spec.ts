import type { Locator } from "@playwright/test";

import { expect, test } from "./fixtures";

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, `bounding box of ${locator}`).not.toBeNull();
  return box!;
}

for (const width of [1280, 375]) {
  test(`Most Watched rank badges cover neither the thumbnail's drawn label nor its duration at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    const cards = page.getByRole("region", { name: "Most Watched" }).getByRole("listitem");
    await expect(cards).toHaveCount(5);

    for (let rank = 1; rank <= 5; rank++) {
      const card = cards.nth(rank - 1);
      await card.scrollIntoViewIfNeeded();
      const badge = await boxOf(card.getByText(`#${rank}`, { exact: true }));
      // The demo thumbnails draw a type label ("MARKETWIRE · VIDEO") in their top-left corner, where the
      // badge used to sit; any real thumbnail may draw one anywhere, so the badge stays off the picture.
      const thumbnail = await boxOf(card.locator("img"));
      const duration = await boxOf(card.locator("span").filter({ hasText: /^Duration \d/ }));
      expect(intersects(badge, thumbnail), `#${rank} badge ${JSON.stringify(badge)} over the thumbnail ${JSON.stringify(thumbnail)}`).toBe(
        false,
      );
      expect(intersects(badge, duration), `#${rank} badge ${JSON.stringify(badge)} over the duration ${JSON.stringify(duration)}`).toBe(
        false,
      );
    }
  });
}
