/**
 * Writes the demo artwork into public/media (run: `npx tsx app/server/seed/generate-media.ts`).
 * Output is deterministic, so regenerating only changes files whose catalogue entry changed.
 */
import fs from "node:fs";
import path from "node:path";

import { DEMO_AUDIO_PATH, MEDIA_IMAGES, renderDemoAudioWav, renderMediaSvg } from "./catalogue/media";

const publicDir = path.resolve(process.cwd(), "public");
const mediaDir = path.join(publicDir, "media");
fs.mkdirSync(mediaDir, { recursive: true });

let bytes = 0;
for (const image of MEDIA_IMAGES) {
  const svg = renderMediaSvg(image);
  fs.writeFileSync(path.join(mediaDir, `${image.name}.svg`), svg);
  bytes += Buffer.byteLength(svg);
}
const audioFile = path.join(publicDir, DEMO_AUDIO_PATH);
fs.mkdirSync(path.dirname(audioFile), { recursive: true });
const wav = renderDemoAudioWav();
fs.writeFileSync(audioFile, wav);

console.info(
  `Wrote ${MEDIA_IMAGES.length} images (${Math.round(bytes / 1024)} KB) and ${DEMO_AUDIO_PATH} (${Math.round(wav.length / 1024)} KB).`,
);
