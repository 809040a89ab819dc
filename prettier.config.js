/**
 * Formatting for the whole tree (checked by `npm run lint`). The width fits the code as it was written;
 * imports are ordered: Node built-ins, packages, then the app's own modules (`~/…`), then relative ones.
 */
export default {
  printWidth: 140,
  plugins: ["@ianvs/prettier-plugin-sort-imports"],
  importOrder: ["<BUILTIN_MODULES>", "<THIRD_PARTY_MODULES>", "", "^~/(.*)$", "", "^[.]"],
  importOrderTypeScriptVersion: "5.0.0",
};
