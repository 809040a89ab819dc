import { Link } from "react-router";

import { Icon } from "~/components/ui/icon";
import { FEEDS } from "~/lib/feeds";
import { cn } from "~/lib/utils";

import { FOOTER_COLUMNS, NAVY_BG_DEEP } from "./brand";
import { Logo } from "./logo";

const footerHeading = "mb-4 text-xs font-semibold tracking-widest text-white uppercase";
const footerLinkBase =
  "rounded-sm text-slate-300 transition-colors hover:text-white outline-none focus-visible:ring-2 focus-visible:ring-white/70";
const footerLink = `${footerLinkBase} text-sm`;

/** PRODUCT.md "Footer": navigation, programme links, placeholder contact details in New York, © 2025. */
export function SiteFooter() {
  return (
    <footer className={cn("mt-auto text-slate-300", NAVY_BG_DEEP)}>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="space-y-4">
          <Logo />
          <p className="max-w-xs text-sm leading-6 text-slate-400">
            Market insight that connects investors with the companies shaping tomorrow's markets.
          </p>
        </div>

        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.id} aria-labelledby={column.id}>
            <h2 id={column.id} className={footerHeading}>
              {column.heading}
            </h2>
            <ul className="space-y-2.5">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={footerLink}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <div>
          <h2 className={footerHeading}>Contact</h2>
          {/* PRODUCT.md "Footer": the contact details are placeholders. */}
          <address className="space-y-3 text-sm not-italic">
            <p className="flex gap-2.5">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-sky-300" />
              <span>
                350 Fifth Avenue, Suite 4200
                <br />
                New York, NY 10118
              </span>
            </p>
            <p className="flex gap-2.5">
              <Icon name="phone" className="mt-0.5 size-4 shrink-0 text-sky-300" />
              <a href="tel:+12125550142" className={footerLink}>
                +1 (212) 555-0142
              </a>
            </p>
            <p className="flex gap-2.5">
              <Icon name="mail" className="mt-0.5 size-4 shrink-0 text-sky-300" />
              <a href="mailto:info@marketwire.example" className={footerLink}>
                info@marketwire.example
              </a>
            </p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© 2025 MarketWire. All rights reserved.</p>
          <nav aria-label="RSS feeds" className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <span>RSS:</span>
            {Object.values(FEEDS).map((feed) => (
              // Plain links: a feed is a file, not a page of the site.
              <a key={feed.path} href={feed.path} className={`${footerLinkBase} text-xs`}>
                {feed.label}
                <span className="sr-only"> feed</span>
              </a>
            ))}
          </nav>
        </div>
      </div>
    </footer>
  );
}
