import { useId } from "react";
import { NavLink } from "react-router";

import { SignOutForm } from "~/components/admin/admin-header";
import { Icon, type IconName } from "~/components/ui/icon";
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  sidebarMenuButtonClass,
  SidebarMenuItem,
  SidebarSeparator,
  useSidebar,
} from "~/components/ui/sidebar";
import { CONTENT_TYPE_LIST } from "~/lib/content-registry";
import { can, type Right, type Role } from "~/lib/roles";

interface AdminLink {
  to: string;
  label: string;
  icon: IconName;
  /** PRODUCT.md "Roles": the right the page needs; a role without it does not see the link. */
  right: Right;
  /** Only active on this exact path (the dashboard would otherwise match every admin page). */
  end?: boolean;
  /** A count shown beside the label (the unread messages), described to screen readers as `${count} ${badgeNoun}`. */
  badgeNoun?: string;
}

/** PRODUCT.md "Admin": the links of 'Content Management': the five content types, companies, the media library. */
export const CONTENT_LINKS: readonly AdminLink[] = [
  { to: "/admin", label: "Dashboard", icon: "layout-dashboard", end: true, right: "admin.enter" },
  ...CONTENT_TYPE_LIST.map(({ adminPath, listTitle, icon }) => ({ to: adminPath, label: listTitle, icon, right: "content.read" as const })),
  // PRODUCT.md "Review": the queue, with the count of pieces waiting for compliance.
  { to: "/admin/review", label: "Review", icon: "clipboard-check", badgeNoun: "waiting", right: "content.read" },
  { to: "/admin/companies", label: "Companies", icon: "building-complex", right: "companies.read" },
  { to: "/admin/media", label: "Media", icon: "images", right: "media.read" },
];

/** PRODUCT.md "Inbox": admins read the stored newsletter sign-ups and contact messages. */
export const INBOX_LINKS: readonly AdminLink[] = [
  { to: "/admin/subscribers", label: "Subscribers", icon: "mail", right: "inbox.read" },
  // PRODUCT.md "Newsletter editions": editors write and send them; compliance reads them.
  { to: "/admin/newsletter", label: "Newsletter", icon: "newspaper", right: "newsletter.read" },
  { to: "/admin/messages", label: "Messages", icon: "message-square", badgeNoun: "unread", right: "inbox.read" },
  // PRODUCT.md "Mail": what the site has sent, what waits and what failed.
  { to: "/admin/mail", label: "Mail", icon: "send", right: "inbox.read" },
];

/** PRODUCT.md "Roles": admins manage the accounts and their roles. */
export const ACCOUNT_LINKS: readonly AdminLink[] = [
  { to: "/admin/users", label: "Users", icon: "users", right: "users.manage" },
  // PRODUCT.md "Audit log": admins and compliance.
  { to: "/admin/audit", label: "Audit log", icon: "file-text", right: "audit.read" },
  // PRODUCT.md "Webhooks": admins register the endpoints clients' systems receive events at.
  { to: "/admin/webhooks", label: "Webhooks", icon: "share-2", right: "webhooks.manage" },
  // PRODUCT.md "CSV imports": admins import end-of-day prices and announcements.
  { to: "/admin/markets", label: "Markets", icon: "chart-line", right: "markets.manage" },
];

/**
 * `unreadMessages`: PRODUCT.md "Inbox", the Messages entry's badge; `waitingForReview`: PRODUCT.md "Review", the
 * Review entry's. Null when the count could not be read (no badge, rather than a wrong one).
 */
export function AdminSidebar({
  email,
  role,
  unreadMessages = null,
  waitingForReview = null,
}: {
  email: string;
  role: Role;
  unreadMessages?: number | null;
  waitingForReview?: number | null;
}) {
  const contentLinks = CONTENT_LINKS.filter((link) => can(role, link.right));
  const inboxLinks = INBOX_LINKS.filter((link) => can(role, link.right));
  const accountLinks = ACCOUNT_LINKS.filter((link) => can(role, link.right));
  return (
    <Sidebar
      label="Content Management"
      mobileFooter={
        // The header has no room for these on a phone.
        <SidebarFooter className="border-t p-4">
          <p className="truncate text-sm text-muted-foreground" title={email}>
            {email}
          </p>
          <SignOutForm />
        </SidebarFooter>
      }
    >
      <SidebarHeader className="h-14 justify-center border-b px-4 group-data-[collapsible=icon]:px-2">
        <NavLink
          to="/"
          className="truncate text-lg font-bold tracking-tight group-data-[collapsible=icon]:text-center"
          aria-label="MarketWire home"
        >
          <span className="group-data-[collapsible=icon]:hidden">
            Market<span className="text-primary">Wire</span>
          </span>
          <span className="hidden text-primary group-data-[collapsible=icon]:inline" aria-hidden="true">
            M
          </span>
        </NavLink>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Admin">
          <SidebarGroup>
            <SidebarGroupLabel>Content Management</SidebarGroupLabel>
            <AdminLinkList links={contentLinks} badgeCount={waitingForReview} />
          </SidebarGroup>
          {inboxLinks.length > 0 ? (
            <>
              <SidebarSeparator />
              <SidebarGroup>
                <SidebarGroupLabel>Audience</SidebarGroupLabel>
                <AdminLinkList links={inboxLinks} badgeCount={unreadMessages} />
              </SidebarGroup>
            </>
          ) : null}
          {accountLinks.length > 0 ? (
            <>
              <SidebarSeparator />
              <SidebarGroup>
                <SidebarGroupLabel>Accounts</SidebarGroupLabel>
                <AdminLinkList links={accountLinks} />
              </SidebarGroup>
            </>
          ) : null}
        </nav>
      </SidebarContent>
    </Sidebar>
  );
}

function AdminLinkList({ links, badgeCount = null }: { links: readonly AdminLink[]; badgeCount?: number | null }) {
  const { open, isMobile, setOpenMobile } = useSidebar();
  // The list renders twice while the phone's sheet is open: ids must differ.
  const idPrefix = useId();
  // Collapsed to icons: the label becomes the link's tooltip (and stays its accessible name).
  const collapsed = !open && !isMobile;
  return (
    <SidebarMenu>
      {links.map(({ to, label, icon, end, badgeNoun }, index) => {
        const badge =
          badgeNoun && badgeCount ? { text: `${badgeCount.toLocaleString("en-US")} ${badgeNoun}`, id: `${idPrefix}-${index}` } : null;
        return (
          <SidebarMenuItem key={to}>
            <NavLink
              to={to}
              end={end}
              prefetch="intent"
              title={collapsed ? (badge ? `${label} (${badge.text})` : label) : undefined}
              // The link keeps its plain name ('Messages'); the count is its description.
              aria-describedby={badge?.id}
              className={({ isActive }) => sidebarMenuButtonClass(isActive)}
              onClick={() => setOpenMobile(false)}
            >
              <Icon name={icon} />
              <span className="group-data-[collapsible=icon]:sr-only">{label}</span>
              {badge ? (
                <span
                  aria-hidden="true"
                  className="ml-auto min-w-5 shrink-0 rounded-full bg-primary px-1.5 text-center text-xs leading-5 font-semibold text-primary-foreground tabular-nums group-data-[collapsible=icon]:absolute group-data-[collapsible=icon]:top-0.5 group-data-[collapsible=icon]:right-0.5 group-data-[collapsible=icon]:size-2 group-data-[collapsible=icon]:min-w-0 group-data-[collapsible=icon]:p-0 group-data-[collapsible=icon]:text-[0px]"
                >
                  {badgeCount!.toLocaleString("en-US")}
                </span>
              ) : null}
            </NavLink>
            {badge ? (
              <span id={badge.id} className="sr-only">
                {badge.text}
              </span>
            ) : null}
          </SidebarMenuItem>
        );
      })}
    </SidebarMenu>
  );
}
