import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

import { CONTENT_TYPE_LIST } from "./lib/content-registry";

export default [
  // Public site (PRODUCT.md "Public pages"), inside the header + footer shell
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("programme", "routes/programme.tsx"),
    route("clients", "routes/clients.tsx"),
    route("contact", "routes/contact.tsx"),
    // PRODUCT.md "Measurement": how downloads are counted
    route("methodology", "routes/methodology.tsx"),
    route("videos", "routes/videos.tsx"),
    route("video/:id", "routes/video.$id.tsx"),
    route("podcasts", "routes/podcasts.tsx"),
    route("podcast/:id", "routes/podcast.$id.tsx"),
    route("blog", "routes/blog.tsx"),
    route("blog/:id", "routes/blog.$id.tsx"),
    route("interviews", "routes/interviews.tsx"),
    route("interviews/:id", "routes/interviews.$id.tsx"),
    route("special-features", "routes/special-features.tsx"),
    route("special-features/:id", "routes/special-features.$id.tsx"),
    route("search", "routes/search.tsx"),
    // PRODUCT.md "Company pages"
    route("companies", "routes/companies.tsx"),
    route("companies/:slug", "routes/companies.$slug.tsx"),
    // PRODUCT.md "Newsletter": the signed links in newsletter mails
    route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
    // PRODUCT.md "Newsletter editions": the archive
    route("newsletter", "routes/newsletter._index.tsx"),
    route("newsletter/:id", "routes/newsletter.$id.tsx"),
    // PRODUCT.md "Account": the signed-in reader's follows, mail preferences, password and deletion
    route("account", "routes/account.tsx"),
    // PRODUCT.md "Following and alerts": the signed 'Stop company alerts' link of alert mails
    route("account/alerts/stop", "routes/account.alerts.stop.tsx"),
    // PRODUCT.md "Client reports": the report a shared link opens, without an account
    route("reports/:token", "routes/reports.$token.tsx"),
  ]),

  route("auth", "routes/auth.tsx"),

  // Admin area (PRODUCT.md "Admin"): guarded layout with sidebar
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    // One list, create and edit module for every content type of the registry
    ...CONTENT_TYPE_LIST.flatMap(({ slug }) => [
      route(slug, "routes/admin.content.tsx", { id: `admin-${slug}` }),
      route(`${slug}/new`, "routes/admin.content.new.tsx", { id: `admin-${slug}-new` }),
      route(`${slug}/:id`, "routes/admin.content.$id.tsx", { id: `admin-${slug}-edit` }),
      route(`${slug}/:id/revisions`, "routes/admin.content.$id.revisions.tsx", { id: `admin-${slug}-revisions` }),
    ]),
    // PRODUCT.md "Companies"
    route("companies", "routes/admin.companies.tsx"),
    route("companies/new", "routes/admin.companies.new.tsx"),
    route("companies/:id", "routes/admin.companies.$id.tsx"),
    // PRODUCT.md "Client reports"
    route("companies/:slug/report", "routes/admin.companies.$slug.report.tsx"),
    route("subscribers", "routes/admin.subscribers.tsx"),
    route("messages", "routes/admin.messages.tsx"),
    // PRODUCT.md "Mail": the outbox
    route("mail", "routes/admin.mail.tsx"),
    // PRODUCT.md "Newsletter editions"
    route("newsletter", "routes/admin.newsletter.tsx"),
    route("newsletter/new", "routes/admin.newsletter.new.tsx"),
    route("newsletter/:id", "routes/admin.newsletter.$id.tsx"),
    route("media", "routes/admin.media.tsx"),
    route("users", "routes/admin.users.tsx"),
    // PRODUCT.md "Review": the queue and one piece's review
    route("review", "routes/admin.review.tsx"),
    route("review/:slug/:id", "routes/admin.review.$slug.$id.tsx"),
    // PRODUCT.md "Audit log"
    route("audit", "routes/admin.audit.tsx"),
    // PRODUCT.md "Webhooks": admins register endpoints and read their delivery logs.
    route("webhooks", "routes/admin.webhooks.tsx"),
    route("webhooks/:id", "routes/admin.webhooks.$id.tsx"),
    // PRODUCT.md "CSV imports": admins upload end-of-day prices and announcements.
    route("markets", "routes/admin.markets.tsx"),
  ]),

  // Admin CSV and PDF downloads: top level so the admin layout does not render around a file
  route("admin/subscribers.csv", "routes/admin.subscribers[.csv].ts"),
  route("admin/messages.csv", "routes/admin.messages[.csv].ts"),
  route("admin/audit.csv", "routes/admin.audit[.csv].ts"),
  route("admin/companies/:slug/report.csv", "routes/admin.companies.$slug.report[.csv].ts"),
  // PRODUCT.md "Client reports": a shared link's CSV and PDF (ranked above reports/:token, a static-looking segment)
  route("reports/:token.csv", "routes/reports.$token[.csv].ts"),
  route("reports/:token.pdf", "routes/reports.$token[.pdf].ts"),
  route("admin/companies/:slug/report.pdf", "routes/admin.companies.$slug.report[.pdf].ts"),
  // PRODUCT.md "Media library": uploads answer JSON, and the stored files are served under /uploads
  route("admin/media/upload", "routes/admin.media.upload.ts"),
  // PRODUCT.md "Companies": the editor's company picker asks this for matches (JSON)
  route("admin/companies/search", "routes/admin.companies.search.ts"),
  route("uploads/*", "routes/uploads.$.ts"),

  // Resource routes
  // PRODUCT.md "Counters": /api/{slug}/{id}/view (or /listen) are answered by server.ts ahead of these
  // routes (app/server/counting/endpoint.server.ts).
  ...prefix("api", [
    route("auth/*", "routes/api.auth.$.ts"),
    // PRODUCT.md "Content API": public, read-only, versioned
    ...prefix("v1", [
      route("items", "routes/api.v1.items.ts"),
      route("items/:id", "routes/api.v1.items.$id.ts"),
      route("companies", "routes/api.v1.companies.ts"),
      route("companies/:slug", "routes/api.v1.companies.$slug.ts"),
      route("openapi.json", "routes/api.v1.openapi[.]json.ts"),
      route("*", "routes/api.v1.$.ts"),
    ]),
  ]),
  route("resources/theme", "routes/resources.theme.ts"),
  route("resources/newsletter", "routes/resources.newsletter.ts"),
  // PRODUCT.md "Following and alerts": the Follow buttons read and post here
  route("resources/follows", "routes/resources.follows.ts"),
  // PRODUCT.md "Discovery": feeds, sitemap and link-preview images
  route("rss.xml", "routes/rss[.]xml.ts"),
  route("podcasts/rss.xml", "routes/podcasts.rss[.]xml.ts"),
  route("blog/rss.xml", "routes/blog.rss[.]xml.ts"),
  route("videos/rss.xml", "routes/videos.rss[.]xml.ts"),
  route("companies/:slug/rss.xml", "routes/companies.$slug.rss[.]xml.ts"),
  // PRODUCT.md "Transcripts": a published item's transcript and chapters as files
  route("transcripts/:type/*", "routes/transcripts.$type.$.ts"),
  route("og/*", "routes/og.$.ts"),
  // PRODUCT.md "Embeds": oEmbed and the pages other sites frame (static HTML, no React in the frame)
  route("oembed", "routes/oembed.ts"),
  route("embed/companies/:slug", "routes/embed.companies.$slug.ts"),
  route("embed/:slug/:id", "routes/embed.$slug.$id.ts"),
  // PRODUCT.md "Video": the video hosts' pictures, stored once and served from here
  route("video-thumbnails/*", "routes/video-thumbnails.$.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("sitemaps/:file", "routes/sitemaps.$file.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),

  // PRODUCT.md "Public pages": any other path is the 404 page
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
