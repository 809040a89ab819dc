import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  // Public site (spec §2): header + footer shell
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
  ]),

  // Resource routes
  route("api/auth/*", "routes/api.auth.$.ts"),
  route("resources/theme", "routes/resources.theme.ts"),

  // spec §2: any other path is the 404 page
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
