/**
 * Once per run of the reliability suite: the build every test starts the server from, and (PGlite) a data
 * folder seeded once that each test copies.
 */
import fs from "node:fs";
import type { TestProject } from "vitest/node";

import { ensureBuild, seedTemplate, stopAllServers } from "./harness";

declare module "vitest" {
  export interface ProvidedContext {
    buildDir: string;
    /** Empty on PostgreSQL, where each test's server seeds its own fresh database. */
    seededDataDir: string;
  }
}

let template: string | undefined;

export async function setup(project: TestProject) {
  const buildDir = await ensureBuild();
  template = await seedTemplate(buildDir);
  project.provide("buildDir", buildDir);
  project.provide("seededDataDir", template ?? "");
}

export async function teardown() {
  await stopAllServers();
  if (template) fs.rmSync(template, { recursive: true, force: true });
}
