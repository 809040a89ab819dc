import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

/**
 * Client chunks (PRODUCT.md "Speed"): the framework in one chunk, then three of ours: the public shell every
 * page loads (root, layout, header, footer, menus, toasts, the two small class libraries, and the small
 * content pieces nearly every page shows), the cards of the lists, home and search, and the parts of an
 * item's page (companies, transcript, follow, related items, counters). Fewer, larger chunks compress
 * better and cost fewer requests than dozens of tiny ones; a page loads only the groups it uses. Lists,
 * not patterns, so admin-only code (editor, dialogs, Zod) never joins a public page's chunks; routes and
 * what only one or two pages use keep their own chunks (the newsletter box, the players).
 */
const PUBLIC_SHELL =
  /node_modules[\\/](clsx|class-variance-authority)[\\/]|app[\\/](root|entry\.client|routes[\\/]site-layout|components[\\/](site[\\/](site-header|site-footer|mobile-menu|account-menu|account-actions|auth-provider|search-box|logo|brand|podcast-skeleton|media-thumbnail|card-link)|theme-toggle|toasts|route-error-message|nonce|content[\\/](paid-label|page-intro|empty-state|content-image|tag-list|meta-list)|ui[\\/](button|badge|skeleton|icon|icon-names|icon-sprite-version|popover-menu))|lib[\\/](utils|redirects|use-hydrated|route-errors|seo|feeds|format|uploads|feature-types|disclosure))\.tsx?$/;
const PUBLIC_CARDS =
  /app[\\/](components[\\/](content[\\/](article|feature|interview|programme)-card|site[\\/]company-card|pager)|lib[\\/]pagination)\.tsx?$/;
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
    { name: "cards", test: PUBLIC_CARDS, priority: 1 },
    { name: "media-cards", test: MEDIA_CARDS, priority: 1 },
    { name: "item", test: PUBLIC_ITEM, priority: 1 },
    { name: "follow", test: /app[\\/]components[\\/]site[\\/]follow-button\.tsx?$/, priority: 2 },
  ],
};

export default defineConfig({
  // The React Router plugin takes over the build; Vitest only needs path resolution.
  plugins: process.env.VITEST ? [] : [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { rolldownOptions: { output: { codeSplitting: clientChunks } } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
