import { readFileSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The server's feature folders from the top layer down, read from app/server/README.md's one code block
 * (the first word of each line), so the README and the lint rules cannot drift apart: a folder imports only
 * folders below it. `db` is the bottom; the root's shared support sits below every folder but `db`.
 */
const SERVER_LAYERS = /```\n([\s\S]*?)```/
  .exec(readFileSync(path.join(import.meta.dirname, "app/server/README.md"), "utf8"))[1]
  .trim()
  .split("\n")
  .map((line) => line.split(/\s+/)[0]);
const SERVER_FEATURES = SERVER_LAYERS.filter((folder) => folder !== "db");

/** Each feature folder may not import routes, components, or a folder above it. */
const featureZones = SERVER_LAYERS.map((folder, index) => ({
  files: [`app/server/${folder}/**/*.{ts,tsx}`],
  banned: ["routes", "components", ...SERVER_LAYERS.slice(0, index)],
  why: index === 0 ? `${folder}/ is the top layer` : `${folder}/ sits below ${SERVER_LAYERS.slice(0, index).join(", ")}`,
}));

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

  // PRODUCT.md "Embeds": the embed pages' one script is plain JavaScript for the browser, inlined as it is.
  { files: ["app/components/embed/*.js"], languageOptions: { globals: globals.browser, sourceType: "script" } },

  // Imports run one way (app/server/README.md): routes → components → lib, routes → server → lib.
  ...[
    { files: ["app/lib/**/*.{ts,tsx}"], banned: ["server", "routes", "components"], why: "lib/ is pure: shared by server and browser" },
    { files: ["app/components/**/*.{ts,tsx}"], banned: ["routes"], why: "components get their data from routes, never import them" },
    { files: ["app/server/**/*.{ts,tsx}"], banned: ["routes", "components"], why: "server code hands plain data to routes" },
    ...featureZones,
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
  // A component the browser loads may take types from server modules, never values: React Router refuses to
  // build a client bundle that references a *.server module (the build fails where lint and tsc passed).
  {
    files: ["app/components/**/*.{ts,tsx}"],
    ignores: ["**/*.server.{ts,tsx}", "**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/server/**", "**/server/**"],
              allowTypeImports: true,
              message: "components run in the browser: import only types from server modules; move shared code to app/lib.",
            },
          ],
        },
      ],
    },
  },
  // Formatting is Prettier's (npm run lint runs both).
  prettier,
);
