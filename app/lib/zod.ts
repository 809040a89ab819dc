/**
 * Zod for schemas that also run in the browser. Zod probes `new Function` once to speed up parsing; the
 * pages' Content-Security-Policy refuses it (PRODUCT.md "Security headers"), so the probe is switched
 * off instead of reported as a violation on every form page.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
