/** PRODUCT.md "Measurement": the facts /methodology states, from the settings and the rules themselves. */
import { SALT_GRACE_MS } from "../daily-salt.server";
import { getEnv } from "../env.server";
import { FALLBACK_BITRATE, THRESHOLD_SECONDS } from "./download-threshold.server";
import { USER_AGENT_LIST_VERSION } from "./user-agents/classify-user-agent.server";

export function methodologyFacts() {
  const env = getEnv();
  return {
    thresholdSeconds: THRESHOLD_SECONDS,
    fallbackKbps: FALLBACK_BITRATE / 1000,
    intervalSeconds: env.MEASUREMENT_INTERVAL_SECONDS,
    retentionDays: env.MEASUREMENT_RETENTION_DAYS,
    saltGraceMinutes: SALT_GRACE_MS / 60_000,
    userAgents: {
      source: USER_AGENT_LIST_VERSION.source,
      commit: USER_AGENT_LIST_VERSION.commit.slice(0, 7),
      date: USER_AGENT_LIST_VERSION.date,
      licence: USER_AGENT_LIST_VERSION.licence,
    },
  };
}
