import { afterAll, afterEach, beforeAll } from "vitest";

import { resetEnvCache } from "~/server/env.server";

/** Sets each variable (undefined unsets it), then drops the cached env so the next getEnv() reads them. */
export function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

/** Puts the named variables back as they are now after every test, for tests that change them. */
export function restoreEnvAfterEach(names: readonly string[]) {
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  afterEach(() => setEnv(saved));
}

/** Rate limits are off in tests by default; a file that tests them turns them on for all its tests. */
export function turnOnRateLimits() {
  beforeAll(() => setEnv({ RATE_LIMIT: "on" }));
  afterAll(() => setEnv({ RATE_LIMIT: undefined }));
}

/** The podcast feed's channel settings (PRODUCT.md "Discovery"), for tests that change them. */
export const PODCAST_VARIABLES = [
  "PODCAST_TITLE",
  "PODCAST_DESCRIPTION",
  "PODCAST_AUTHOR",
  "PODCAST_OWNER_NAME",
  "PODCAST_OWNER_EMAIL",
  "PODCAST_CATEGORY",
  "PODCAST_SUBCATEGORY",
  "PODCAST_EXPLICIT",
  "PODCAST_LANGUAGE",
  "PODCAST_IMAGE_URL",
] as const;
