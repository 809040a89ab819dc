import fs from "node:fs";
import { describe, expect, it } from "vitest";

import { ICON_NAMES } from "~/components/ui/icon-names";

import { lucideIconFile, renderIconSprite, renderSpriteVersion, SPRITE_FILE, VERSION_FILE } from "./build-icon-sprite";

describe("icon sprite", () => {
  it.each(ICON_NAMES)("lucide-static has an icon named %s", (name) => {
    expect(fs.existsSync(lucideIconFile(name))).toBe(true);
  });

  it("lists each icon once", () => {
    expect(new Set(ICON_NAMES).size).toBe(ICON_NAMES.length);
  });

  it("public/icons.svg is what `npm run icons` writes now (run it after changing icon-names.ts)", () => {
    expect(fs.readFileSync(SPRITE_FILE, "utf8")).toBe(renderIconSprite());
  });

  it("the sprite's version hash is current (run `npm run icons`)", () => {
    expect(fs.readFileSync(VERSION_FILE, "utf8")).toBe(renderSpriteVersion(fs.readFileSync(SPRITE_FILE, "utf8")));
  });

  it("draws one symbol per name", () => {
    const ids = [...renderIconSprite().matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((match) => match[1]);
    expect(ids).toEqual([...ICON_NAMES]);
  });
});
