/**
 * The embed pages' markup (PRODUCT.md "Embeds"), rendered once on the server to static HTML: no React in
 * the frame, only `embed-frame.js` for the play facade and the height message. Links open the full page in
 * a new tab, never inside the frame.
 */
import type { ReactNode } from "react";

import type { Disclosure } from "~/lib/disclosure";
import type { EmbedCompanyView, EmbedItemView, EmbedPlayer, EmbedTheme } from "~/lib/embeds";
import { formatDate } from "~/lib/format";
import { SITE_NAME } from "~/lib/seo";

/** A link out of the frame: the full page in a new tab. */
function Out({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={className}>
      {children}
    </a>
  );
}

export function EmbedDocument(props: {
  title: string;
  theme: EmbedTheme;
  canonical: string;
  style: string;
  script: string;
  children: ReactNode;
}) {
  return (
    <html lang="en" data-theme={props.theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${props.title} | ${SITE_NAME}`}</title>
        <link rel="canonical" href={props.canonical} />
        <style dangerouslySetInnerHTML={{ __html: props.style }} />
        <script dangerouslySetInnerHTML={{ __html: props.script }} />
      </head>
      <body>
        <main className="embed">{props.children}</main>
      </body>
    </html>
  );
}

/** PRODUCT.md "Paid promotion": the note travels with the piece, above its player, inside the frame. */
function PaidNote({ disclosure }: { disclosure: Disclosure }) {
  return (
    <section className="paid" aria-label="Paid promotion">
      <p className="paid-label">Paid promotion</p>
      <p>{disclosure.statement}</p>
      {disclosure.note ? <p>{disclosure.note}</p> : null}
      {disclosure.agreed ? <p className="muted">Agreement dated {disclosure.agreed}</p> : null}
    </section>
  );
}

function Player({ player, title, image }: { player: EmbedPlayer; title: string; image: string | null }) {
  if (!player) return image ? <img className="picture" src={image} alt="" /> : null;
  if (player.kind === "video") {
    return (
      <video className="media" controls preload="none" poster={player.poster ?? undefined} src={player.src} aria-label={`Play ${title}`} />
    );
  }
  if (player.kind === "audio") return <audio className="audio" controls preload="none" src={player.src} aria-label={`Play ${title}`} />;
  // The facade: the host's frame (and its requests) only once the reader presses play.
  return (
    <button
      type="button"
      className={`facade facade-${player.shape}`}
      data-frame-src={player.src}
      data-frame-allow={player.allow}
      data-frame-sandbox={player.sandbox}
      data-frame-title={title}
    >
      {player.poster ? <img src={player.poster} alt="" /> : null}
      <span className="play" aria-hidden="true">
        ▶
      </span>
      <span className="visually-hidden">Play {title}</span>
    </button>
  );
}

export function EmbedItem({ item }: { item: EmbedItemView }) {
  const { view, listen, play } = item.counting;
  return (
    // PRODUCT.md "Embeds": embed-frame.js counts the frame's view and its player's marks at these counters.
    <article className="card" data-view={view ?? undefined} data-listen={listen ?? undefined} data-play={play ?? undefined}>
      <p className="kicker">
        <Out href={item.home} className="brand">
          {SITE_NAME}
        </Out>
        <span aria-hidden="true"> · </span>
        {item.typeLabel}
        {item.disclosure ? <span className="badge">Paid promotion</span> : null}
      </p>
      {item.disclosure ? <PaidNote disclosure={item.disclosure} /> : null}
      <Player player={item.player} title={item.title} image={item.image} />
      <h1 className="title">
        <Out href={item.url}>{item.title}</Out>
      </h1>
      {item.summary ? <p className="summary">{item.summary}</p> : null}
      {item.companies.length > 0 ? (
        <ul className="companies" aria-label="Companies">
          {item.companies.map((company) => (
            <li key={company.url}>
              <Out href={company.url}>
                {company.name} ({company.tickerLabel})
              </Out>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="footer">
        {item.publishedAt ? <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, "long")}</time> : null}
        <Out href={item.url} className="more">
          Open on {SITE_NAME}
        </Out>
      </p>
    </article>
  );
}

export function EmbedCompany({ company }: { company: EmbedCompanyView }) {
  return (
    <section className="card" aria-labelledby="embed-heading">
      <p className="kicker">
        <Out href={company.home} className="brand">
          {SITE_NAME}
        </Out>
        <span aria-hidden="true"> · </span>
        Coverage
      </p>
      <h1 className="title" id="embed-heading">
        <Out href={company.url}>
          {company.name} ({company.tickerLabel})
        </Out>
      </h1>
      {company.items.length === 0 ? (
        <p className="summary">No coverage yet.</p>
      ) : (
        <ol className="coverage">
          {company.items.map((item) => (
            <li key={item.url}>
              <p className="kicker">
                {item.typeLabel}
                {item.paid ? <span className="badge">Paid promotion</span> : null}
              </p>
              <Out href={item.url} className="item-title">
                {item.title}
              </Out>
              <time dateTime={item.publishedAt}>{formatDate(item.publishedAt, "long")}</time>
            </li>
          ))}
        </ol>
      )}
      <p className="footer">
        <Out href={company.url} className="more">
          All coverage of {company.name} on {SITE_NAME}
        </Out>
      </p>
    </section>
  );
}

export function EmbedNotFound({ home }: { home: string }) {
  return (
    <section className="card">
      <h1 className="title">Not available</h1>
      <p className="summary">
        This piece is not published on {SITE_NAME}. <Out href={home}>Go to {SITE_NAME}</Out>
      </p>
    </section>
  );
}
