/**
 * Writes the demo media into public/media (run: `npx tsx app/server/seed/generate-media.ts`).
 *
 * - Artwork: SVGs rendered from the catalogue. Deterministic, so regenerating only changes files whose
 *   catalogue entry changed.
 * - Company logos: one small SVG per demo company (catalogue/companies.ts) in public/media/companies.
 * - Audio: each track of DEMO_AUDIO_TRACKS is synthesised as a WAV and encoded to MP3 (44.1 kHz mono,
 *   64 kbit/s CBR) by LAME, because podcast apps take MP3 or M4A, not WAV (PRODUCT.md "Discovery"). LAME is
 *   not a project dependency (CI does not have it), so the MP3s are committed: with `lame` on the PATH
 *   (`apt-get install lame`) a track is encoded again only when its synthesis changed (the MP3's ID3
 *   comment records the WAV's SHA-256, which the seed tests check without LAME); without it the committed
 *   MP3s are kept and the script says so.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

import { companyLogoUrl, DEMO_COMPANIES, renderCompanyLogoSvg } from "./catalogue/companies";
import { DEMO_AUDIO_TRACKS, demoAudio, demoAudioSourceTag, MEDIA_IMAGES, renderDemoAudioWav, renderMediaSvg } from "./catalogue/media";

const publicDir = path.resolve(process.cwd(), "public");
const mediaDir = path.join(publicDir, "media");
fs.mkdirSync(mediaDir, { recursive: true });

let bytes = 0;
for (const image of MEDIA_IMAGES) {
  const svg = renderMediaSvg(image);
  fs.writeFileSync(path.join(mediaDir, `${image.name}.svg`), svg);
  bytes += Buffer.byteLength(svg);
}
console.info(`Wrote ${MEDIA_IMAGES.length} images (${Math.round(bytes / 1024)} KB).`);

fs.mkdirSync(path.join(mediaDir, "companies"), { recursive: true });
for (const company of DEMO_COMPANIES) {
  fs.writeFileSync(path.join(publicDir, companyLogoUrl(company.slug)), renderCompanyLogoSvg(company));
}
console.info(`Wrote ${DEMO_COMPANIES.length} company logos.`);

const hasLame = !spawnSync("lame", ["--version"], { stdio: "ignore" }).error;
for (const track of DEMO_AUDIO_TRACKS) {
  const file = path.join(publicDir, demoAudio(track.name).path);
  const tag = demoAudioSourceTag(track);
  if (fs.existsSync(file) && fs.readFileSync(file).includes(tag, 0, "latin1")) {
    console.info(`${path.relative(process.cwd(), file)} is up to date.`);
    continue;
  }
  if (!hasLame) {
    console.warn(`${path.relative(process.cwd(), file)} is missing or stale and lame is not installed: install lame and run this again.`);
    process.exitCode = 1;
    continue;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // prettier-ignore
  const args = [
    "--quiet", "-m", "m", "-b", "64", "--cbr", "--noreplaygain",
    "--id3v2-only", "--id3v2-latin1", "--tt", track.title, "--ta", "MarketWire", "--tc", tag,
    "-", file,
  ];
  const result = spawnSync("lame", args, { input: renderDemoAudioWav(track) });
  if (result.status !== 0) throw new Error(`lame failed for ${track.name}: ${result.stderr.toString()}`);
  console.info(`Encoded ${path.relative(process.cwd(), file)} (${Math.round(fs.statSync(file).size / 1024)} KB).`);
}
