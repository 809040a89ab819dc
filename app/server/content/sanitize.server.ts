import sanitizeHtml from "sanitize-html";

import { FRAME_SANDBOX, VIDEO_FRAME_ALLOW } from "~/lib/frame-hosts";
import { uploadedImageWidth, uploadSrcSet } from "~/lib/uploads";

/**
 * The video hosts whose embeds the rich-text editor makes (PRODUCT.md "Rich-text editor"); both are in the
 * page's Content-Security-Policy `frame-src` (PRODUCT.md "Security headers").
 */
const EMBED_HOSTS = new Set(["www.youtube-nocookie.com", "www.youtube.com"]);
const EMBED_PATH = /^\/embed\/[A-Za-z0-9_-]+$/;
/** A frame must be named for screen readers; the editor lets the author give the name. */
const DEFAULT_FRAME_TITLE = "Embedded video";
const MAX_FRAME_TITLE = 200;
/** Tags inside a frame are never shown (a frame's content is its src); they are dropped with their text. */
const FRAME_CONTENT = "frame-content";

/** The https embed URL of a YouTube video, normalised; null for anything else. */
function embedSource(src: string | undefined): string | null {
  if (!src) return null;
  try {
    const url = new URL(src);
    const plain = url.protocol === "https:" && !url.port && !url.username && !url.password;
    return plain && EMBED_HOSTS.has(url.hostname) && EMBED_PATH.test(url.pathname) ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A frame's width or height: whole pixels only. */
const isPixels = (value: string | undefined): value is string => value !== undefined && /^\d{1,4}$/.test(value);

/** The widest an article body is set (the pages' `max-w-3xl`): no picture in it is shown wider. */
const TEXT_COLUMN_PX = 768;

/**
 * PRODUCT.md "Media library": an uploaded picture offers its WebP copies, sized to the width it is shown at
 * (its width attribute, else the original's, never more than the text column). Anything the HTML said
 * about srcset or sizes is dropped: the copies are the only candidates.
 */
function imageAttributes({ srcset: _srcset, sizes: _sizes, ...attribs }: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const srcset = attribs.src ? uploadSrcSet(attribs.src) : undefined;
  if (!srcset) return { ...attribs, loading: "lazy" };
  const given = isPixels(attribs.width) ? Number(attribs.width) : 0;
  const shown = Math.min(given || uploadedImageWidth(attribs.src!)!, TEXT_COLUMN_PX);
  return { ...attribs, loading: "lazy", srcset, sizes: `(min-width: ${shown}px) ${shown}px, 100vw` };
}

/**
 * Allow-list for rich content (blog, podcast, feature bodies): structure, emphasis, links, images,
 * tables, and the editor's video embeds. Scripts, styles, event handlers and javascript: URLs never
 * survive. Applied on write and on render. Built per call: it counts the frames it is inside.
 */
function options(): sanitizeHtml.IOptions {
  let frameDepth = 0;
  let insideFrame = false;
  return {
    allowedTags: [
      "h2",
      "h3",
      "h4",
      "p",
      "br",
      "hr",
      "strong",
      "b",
      "em",
      "i",
      "u",
      "s",
      "blockquote",
      "code",
      "pre",
      "ul",
      "ol",
      "li",
      "a",
      "img",
      "figure",
      "figcaption",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
      "span",
      "div",
      "iframe",
    ],
    allowedAttributes: {
      a: ["href", "title", "target", "rel"],
      // srcset and sizes are written by imageAttributes, never taken from the HTML.
      img: ["src", "alt", "title", "width", "height", "loading", "srcset", "sizes"],
      th: ["colspan", "rowspan", "scope"],
      td: ["colspan", "rowspan"],
      // The editor's video node: its wrapper, and the frame with a fixed set of attributes (set below).
      div: ["data-youtube-video"],
      iframe: ["src", "width", "height", "title", "allowfullscreen", "loading", "referrerpolicy", "allow", "sandbox"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
    allowProtocolRelative: false,
    allowedIframeHostnames: [...EMBED_HOSTS],
    allowIframeRelativeUrls: false,
    nonTextTags: ["script", "style", "textarea", "option", "noscript", FRAME_CONTENT],
    onOpenTag: (name) => {
      insideFrame = frameDepth > 0;
      if (name === "iframe") frameDepth++;
    },
    onCloseTag: (name) => {
      if (name === "iframe") frameDepth = Math.max(0, frameDepth - 1);
    },
    transformTags: {
      // Links leaving the site open safely.
      a: (tagName, attribs) => ({
        tagName,
        attribs: /^https?:\/\//i.test(attribs.href ?? "") ? { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" } : attribs,
      }),
      img: (tagName, attribs) => ({ tagName, attribs: imageAttributes(attribs) }),
      // A frame keeps only a YouTube embed src and gets the same restrictions as the site's own video
      // player (sandbox, features, referrer); anything else loses its src and is dropped below.
      iframe: (tagName, attribs) => {
        const src = embedSource(attribs.src);
        if (!src) return { tagName, attribs: {} };
        const title = attribs.title?.trim().slice(0, MAX_FRAME_TITLE) || DEFAULT_FRAME_TITLE;
        return {
          tagName,
          text: "",
          attribs: {
            src,
            title,
            ...(isPixels(attribs.width) ? { width: attribs.width } : {}),
            ...(isPixels(attribs.height) ? { height: attribs.height } : {}),
            allowfullscreen: "",
            loading: "lazy",
            referrerpolicy: "strict-origin-when-cross-origin",
            allow: VIDEO_FRAME_ALLOW.join("; "),
            sandbox: FRAME_SANDBOX,
          },
        };
      },
      // Whatever sits inside a frame.
      "*": (tagName, attribs) => (insideFrame ? { tagName: FRAME_CONTENT, attribs: {} } : { tagName, attribs }),
    },
    exclusiveFilter: (frame) => {
      if (frame.tag === "iframe" && !frame.attribs.src) return true;
      // Only the video wrapper is a div; any other div gives way to its content.
      if (frame.tag === "div" && !("data-youtube-video" in frame.attribs)) return "excludeTag";
      return false;
    },
  };
}

export function sanitizeContentHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, options());
}
