/**
 * The player frames' hosts and what the frames may do. Apart from `media.ts`, so a page's players load these
 * lists without its URL parsers: the loader reads each media URL into its player's source (PRODUCT.md "Speed").
 */

/**
 * PRODUCT.md "Security headers": the only hosts whose players become frames. The same lists are the
 * page's Content-Security-Policy `frame-src` and the hosts the Permissions-Policy lets use player features.
 */
export const VIDEO_FRAME_ORIGINS = ["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"];
export const AUDIO_HOST_ORIGIN = "https://embeds.audioboom.com";
export const AUDIO_FRAME_ORIGINS = [AUDIO_HOST_ORIGIN];
export const FRAME_ORIGINS = [...VIDEO_FRAME_ORIGINS, ...AUDIO_FRAME_ORIGINS];

/**
 * The least a player frame needs: its own scripts and storage (it is another origin, so this grants
 * nothing over our page), and links opening the host's site in a normal tab. No forms, no top-level
 * navigation of our page, no dialogs.
 */
export const FRAME_SANDBOX = "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox";

/** Browser features a player frame may use (with `allowFullScreen`); the Permissions-Policy grants no more. */
export const VIDEO_FRAME_ALLOW = ["autoplay", "encrypted-media", "picture-in-picture"];
export const AUDIO_FRAME_ALLOW = ["autoplay"];
