import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Separate builds (e.g. parallel end-to-end runs) can go to separate folders.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
