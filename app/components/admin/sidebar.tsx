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

interface AdminLink {
  to: string;
  label: string;
  icon: IconName;
  /** Only active on this exact path (the dashboard would otherwise match every admin page). */
  end?: boolean;
}

/** PRODUCT.md "Admin": the six links of 'Content Management'. */
export const CONTENT_LINKS: readonly AdminLink[] = [
  { to: "/admin", label: "Dashboard", icon: "layout-dashboard", end: true },
  ...CONTENT_TYPE_LIST.map(({ adminPath, listTitle, icon }) => ({ to: adminPath, label: listTitle, icon })),
];

/** PRODUCT.md "Inbox": admins read the stored newsletter sign-ups and contact messages. */
export const INBOX_LINKS: readonly AdminLink[] = [
  { to: "/admin/subscribers", label: "Subscribers", icon: "mail" },
  { to: "/admin/messages", label: "Messages", icon: "message-square" },
];

export function AdminSidebar({ email }: { email: string }) {
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
            <AdminLinkList links={CONTENT_LINKS} />
          </SidebarGroup>
          <SidebarSeparator />
          <SidebarGroup>
            <SidebarGroupLabel>Audience</SidebarGroupLabel>
            <AdminLinkList links={INBOX_LINKS} />
          </SidebarGroup>
        </nav>
      </SidebarContent>
    </Sidebar>
  );
}

function AdminLinkList({ links }: { links: readonly AdminLink[] }) {
  const { open, isMobile, setOpenMobile } = useSidebar();
  // Collapsed to icons: the label becomes the link's tooltip (and stays its accessible name).
  const collapsed = !open && !isMobile;
  return (
    <SidebarMenu>
      {links.map(({ to, label, icon, end }) => (
        <SidebarMenuItem key={to}>
          <NavLink
            to={to}
            end={end}
            prefetch="intent"
            title={collapsed ? label : undefined}
            className={({ isActive }) => sidebarMenuButtonClass(isActive)}
            onClick={() => setOpenMobile(false)}
          >
            <Icon name={icon} />
            <span className="group-data-[collapsible=icon]:sr-only">{label}</span>
          </NavLink>
        </SidebarMenuItem>
      ))}
    </SidebarMenu>
  );
}
