import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

/**
 * Client chunks (PRODUCT.md "Speed"): the framework in one chunk, the few small libraries and the
 * public shell every page shows (header, footer, menus, toasts) and the content cards most pages show in
 * one each, instead of dozens of tiny chunks a first visit must fetch one by one. Lists, not patterns, so admin-only code (editor, dialogs,
 * Zod) never joins a public page's chunks; routes and the components only some pages use keep their
 * own chunks.
 */
const PUBLIC_VENDOR = /node_modules[\\/](clsx|class-variance-authority)[\\/]/;
const PUBLIC_SHELL =
  /app[\\/](components[\\/](site[\\/](site-header|site-footer|mobile-menu|account-menu|account-actions|auth-provider|search-box|logo|brand|newsletter-box)|theme-toggle|toasts|route-error-message|ui[\\/](button|skeleton|icon|icon-names|icon-sprite-version|popover-menu))|lib[\\/](utils|redirects|newsletter|use-hydrated|route-errors|seo|feeds))\.tsx?$/;
const PUBLIC_CONTENT =
  /app[\\/](components[\\/](content[\\/][^\\/]+|site[\\/](video-card|podcast-card|media-thumbnail)|pager)|lib[\\/](format|pagination))\.tsx?$/;
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
      priority: 3,
    },
    { name: "vendor", test: PUBLIC_VENDOR, priority: 2 },
    { name: "shell", test: PUBLIC_SHELL, priority: 1 },
    { name: "content", test: PUBLIC_CONTENT, priority: 1 },
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
