/**
 * The shell's navy accent (header, footer, hero panels). It stays navy in both themes, like the
 * masthead of a financial paper, so it lives here rather than in the light/dark tokens of app.css.
 */
export const NAVY_BG = "bg-[#0b1a33]";
export const NAVY_BG_DEEP = "bg-[#081427]";
/** Focus ring that stays visible on the navy background. */
export const ON_NAVY_FOCUS = "outline-none focus-visible:ring-2 focus-visible:ring-white/70 focus-visible:ring-offset-0";

/** PRODUCT.md "Header": desktop navigation. */
export const HEADER_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/programme", label: "Programme" },
  { to: "/clients", label: "Clients" },
  { to: "/contact", label: "Contact" },
] as const;

/** PRODUCT.md "Header": mobile menu links. */
export const MOBILE_LINKS = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/programme", label: "Programme" },
  { to: "/search", label: "Search" },
  { to: "/blog", label: "Blog" },
  { to: "/contact", label: "Contact" },
] as const;

/** PRODUCT.md "Footer": the navigation and programme link columns. */
export const FOOTER_COLUMNS = [
  {
    id: "footer-nav-heading",
    heading: "Navigation",
    links: [
      { to: "/", label: "Home" },
      { to: "/about", label: "About" },
      { to: "/programme", label: "Programme" },
      { to: "/blog", label: "Blog" },
      { to: "/contact", label: "Contact" },
    ],
  },
  {
    id: "footer-programme-heading",
    heading: "Programmes",
    links: [
      { to: "/interviews", label: "Interviews" },
      { to: "/podcasts", label: "Podcasts" },
      { to: "/special-features", label: "Special Features" },
    ],
  },
] as const;
