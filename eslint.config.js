import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The server's feature folders (app/server/README.md), `db` aside: every one sits above the root and mail/. */
const SERVER_FEATURES = [
  "audit",
  "auth",
  "companies",
  "content",
  "counting",
  "discovery",
  "http",
  "inbox",
  "mail",
  "media",
  "newsletter",
  "ops",
  "readers",
  "review",
  "search",
  "seo",
  "seed",
];

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/**", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
          message: "No focused tests.",
        },
        {
          selector: "CallExpression[callee.property.name='skip'][callee.object.name=/^(it|test|describe)$/]",
          message: "No skipped tests.",
        },
      ],
    },
  },

  // Imports run one way (app/server/README.md): routes → components → lib, routes → server → lib.
  ...[
    { files: ["app/lib/**/*.{ts,tsx}"], banned: ["server", "routes", "components"], why: "lib/ is pure: shared by server and browser" },
    { files: ["app/components/**/*.{ts,tsx}"], banned: ["routes"], why: "components get their data from routes, never import them" },
    { files: ["app/server/**/*.{ts,tsx}"], banned: ["routes", "components"], why: "server code hands plain data to routes" },
    {
      files: ["app/server/review/**/*.{ts,tsx}"],
      banned: ["routes", "components", "companies", "content", "counting", "discovery", "media", "ops", "search", "seed"],
      why: "review/ keeps the records; content/ above it acts on them",
    },
    {
      files: ["app/server/mail/**/*.{ts,tsx}"],
      banned: ["routes", "components", ...SERVER_FEATURES.filter((folder) => folder !== "mail")],
      why: "mail/ sends what features queue; it knows no feature",
    },
    // Later zones replace earlier ones for the same file, so the root's list repeats routes and components.
    {
      files: ["app/server/*.{ts,tsx}"],
      banned: ["routes", "components", ...SERVER_FEATURES],
      why: "the root's shared support sits below every feature folder (db aside)",
    },
  ].map(({ files, banned, why }) => ({
    files,
    // Integration tests call route modules on purpose.
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: banned.flatMap((dir) => [`~/${dir}/**`, `**/${dir}/**`]), message: `${why} (app/server/README.md).` }] },
      ],
    },
  })),
  // Formatting is Prettier's (npm run lint runs both).
  prettier,
);
