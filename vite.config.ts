import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { configDefaults, defineConfig } from "vitest/config";

import { DATABASE_TEST_FILES } from "./tests/support/database-test-files.ts";

/**
 * Client chunks (PRODUCT.md "Speed"): the framework in one chunk; the public shell every page loads (root,
 * layout, header, footer, menus, toasts, the two small class libraries, and the small content pieces nearly
 * every page shows), which compress better together than apart; the video and podcast cards (all the home
 * page needs of the cards); an item page's parts (companies, transcript, related items, counters, share);
 * and the Follow button, which item and company pages share. The list cards are left to the bundler, which
 * puts each with the few pages that show it. Lists, not patterns, so admin-only code (editor, dialogs, Zod)
 * never joins a public page's chunks. A group takes its modules' dependencies along, so the Follow button
 * ranks above the item parts that import it.
 */
const PUBLIC_SHELL =
  /node_modules[\\/](clsx|class-variance-authority)[\\/]|app[\\/](root|entry\.client|routes[\\/]site-layout|components[\\/](site[\\/](site-header|site-footer|mobile-menu|account-menu|account-actions|auth-provider|search-box|logo|brand|podcast-skeleton|media-thumbnail|card-link)|theme-toggle|toasts|route-error-message|nonce|content[\\/](paid-label|page-intro|empty-state|content-image|tag-list|meta-list)|ui[\\/](button|badge|skeleton|icon|icon-names|icon-sprite-version|popover-menu))|lib[\\/](utils|redirects|use-hydrated|route-errors|seo|feeds|format|uploads|feature-types|disclosure))\.tsx?$/;
const MEDIA_CARDS = /app[\\/]components[\\/]site[\\/](video|podcast)-card\.tsx?$/;
const PUBLIC_ITEM =
  /app[\\/](components[\\/](content[\\/](item-companies|item-transcript|related-list)|site[\\/]counters|share-button)|lib[\\/](player-seek|transcript-files|frame-hosts))\.tsx?$/;
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
      priority: 4,
    },
    { name: "shell", test: PUBLIC_SHELL, priority: 3 },
    { name: "media-cards", test: MEDIA_CARDS, priority: 1 },
    { name: "item", test: PUBLIC_ITEM, priority: 1 },
    { name: "follow", test: /app[\\/]components[\\/]site[\\/]follow-button\.tsx?$/, priority: 2 },
  ],
};

/**
 * @react-router/dev 7 starts its internal Vite servers (the config loader, the child compiler) with
 * `envFile: false`, which Vite 8.1+ reports as deprecated, once per server: nine lines on every build
 * (remix-run/react-router#15229; fixed in @react-router/dev 8.1 by `envDir: false`). Those servers log through
 * React Router's own Vite loggers, which no option of ours reaches, so this drops exactly that one line
 * wherever it is written; every other warning passes. The line the CLI prints before it reads any
 * project file is beyond reach. Remove this with the upgrade to React Router 8.
 */
const ENV_FILE_DEPRECATION = "The `envFile` option is deprecated, please use `envDir: false` instead.";
function dropEnvFileDeprecation() {
  const state = globalThis as typeof globalThis & { __envFileDeprecationDropped?: true };
  if (state.__envFileDeprecationDropped) return; // this file is loaded once per build and by the child compiler
  state.__envFileDeprecationDropped = true;
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes(ENV_FILE_DEPRECATION)) return;
    warn(...args);
  };
}
if (!process.env.VITEST) dropEnvFileDeprecation();

const TEST_FILES = ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"];

export default defineConfig({
  // The React Router plugin takes over the build; Vitest only needs path resolution.
  plugins: process.env.VITEST ? [] : [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { rolldownOptions: { output: { codeSplitting: clientChunks } } },
  test: {
    setupFiles: ["tests/support/vitest-setup.ts"],
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on a 2-core CI machine. Files spend much of
    // their time waiting (PGlite, sockets, child processes), so two side by side take 247 s against 393 s
    // for the whole suite (docs/TESTING.md).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // `db`: the files that open a database, each a copy of the one its global setup migrates; CI runs them
    // again on PostgreSQL (`npm run test:unit:db`). `unit`: the rest, which never open one.
    projects: [
      {
        extends: true,
        test: { name: "db", include: DATABASE_TEST_FILES, globalSetup: ["tests/support/vitest-global-setup.ts"] },
      },
      { extends: true, test: { name: "unit", include: TEST_FILES, exclude: [...configDefaults.exclude, ...DATABASE_TEST_FILES] } },
    ],
  },
});
