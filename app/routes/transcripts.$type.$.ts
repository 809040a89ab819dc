import { transcriptFileResponse } from "~/server/content/transcripts.server";

import type { Route } from "./+types/transcripts.$type.$";

/** PRODUCT.md "Transcripts": `/transcripts/{type}/{id}.vtt`, `.txt`, `/{id}/chapters.vtt`, `/{id}/chapters.json`. */
export function loader({ params }: Route.LoaderArgs) {
  return transcriptFileResponse(params.type, params["*"]);
}
