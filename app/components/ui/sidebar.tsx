/**
 * A collapsible side bar in the shadcn/ui manner, cut down to what the admin area uses.
 * PRODUCT.md "Admin": 16rem wide, 3rem when collapsed to icons, an 18rem sheet below 768px; the state is kept
 * in a cookie for 7 days (read by the server, so the first render already has the right width), and
 * ctrl/cmd+b toggles it.
 */
import * as React from "react";

import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { cn } from "~/lib/utils";

export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const SIDEBAR_WIDTH = "16rem";
const SIDEBAR_WIDTH_MOBILE = "18rem";
const SIDEBAR_WIDTH_ICON = "3rem";
const SIDEBAR_KEYBOARD_SHORTCUT = "b";
/** PRODUCT.md "Header": mobile is below 768px (Tailwind's `md`). */
const MOBILE_QUERY = "(max-width: 767px)";
const SIDEBAR_ID = "app-sidebar";

/** The saved state from a Cookie header: open unless the visitor collapsed it. Pure (server and browser). */
export function sidebarOpenFromCookie(cookieHeader: string | null | undefined): boolean {
  const match = /(?:^|;\s*)sidebar_state=([^;]*)/.exec(cookieHeader ?? "");
  return match?.[1] !== "false";
}

interface SidebarContextValue {
  state: "expanded" | "collapsed";
  /** Known only in the browser (false during the server render). */
  isMobile: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggleSidebar: () => void;
}

const SidebarContext = React.createContext<SidebarContextValue | null>(null);

export function useSidebar() {
  const context = React.useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used within a SidebarProvider");
  return context;
}

function useIsMobile() {
  const [isMobile, setIsMobile] = React.useState(false);
  React.useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => setIsMobile(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return isMobile;
}

export function SidebarProvider({
  defaultOpen = true,
  className,
  style,
  children,
  ...props
}: React.ComponentProps<"div"> & { defaultOpen?: boolean }) {
  const [open, setOpenState] = React.useState(defaultOpen);
  const [openMobile, setOpenMobile] = React.useState(false);
  const isMobile = useIsMobile();

  const setOpen = React.useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = `${SIDEBAR_COOKIE_NAME}=${value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, []);

  // Decided at the moment of use, so the server render never has to guess the screen size.
  const toggleSidebar = React.useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [open, setOpen]);

  React.useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== SIDEBAR_KEYBOARD_SHORTCUT || !(event.metaKey || event.ctrlKey)) return;
      if (event.shiftKey || event.altKey || event.defaultPrevented) return;
      // Rich-text editors use ctrl+b for bold.
      if (event.target instanceof HTMLElement && event.target.isContentEditable) return;
      event.preventDefault();
      toggleSidebar();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggleSidebar]);

  const value = React.useMemo<SidebarContextValue>(
    () => ({ state: open ? "expanded" : "collapsed", isMobile, open, setOpen, openMobile, setOpenMobile, toggleSidebar }),
    [isMobile, open, setOpen, openMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div
        data-slot="sidebar-wrapper"
        style={
          {
            "--sidebar-width": SIDEBAR_WIDTH,
            "--sidebar-width-mobile": SIDEBAR_WIDTH_MOBILE,
            "--sidebar-width-icon": SIDEBAR_WIDTH_ICON,
            ...style,
          } as React.CSSProperties
        }
        className={cn("flex min-h-svh w-full", className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/**
 * Desktop: a column beside the page, as tall as the page (its background and border run to the bottom of
 * a long page), with the links sticky at the top of the window while the page scrolls.
 * Mobile: the same content in a sheet from the left.
 */
export function Sidebar({
  label,
  className,
  children,
  mobileFooter,
}: {
  /** The accessible name of the side bar and the title of the mobile sheet. */
  label: string;
  className?: string;
  children: React.ReactNode;
  /** Shown at the bottom of the mobile sheet only (e.g. what the header has no room for). */
  mobileFooter?: React.ReactNode;
}) {
  const { state, openMobile, setOpenMobile } = useSidebar();
  return (
    <>
      {/* A flex item of the wrapper's row: stretched to the page's full height (not the window's, as a
          fixed h-svh bar was, which left a long page's lower part without the bar's background). */}
      <div
        className="group peer hidden shrink-0 border-r bg-sidebar text-sidebar-foreground md:block"
        data-state={state}
        data-collapsible={state === "collapsed" ? "icon" : ""}
        data-slot="sidebar"
      >
        <aside
          aria-label={label}
          id={SIDEBAR_ID}
          className={cn(
            "sticky top-0 z-10 flex h-svh w-(--sidebar-width) flex-col transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon)",
            className,
          )}
        >
          {children}
        </aside>
      </div>
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent
          side="left"
          data-slot="sidebar-mobile"
          className="w-(--sidebar-width-mobile) gap-0 bg-sidebar p-0 text-sidebar-foreground sm:max-w-(--sidebar-width-mobile) md:hidden"
          style={{ "--sidebar-width-mobile": SIDEBAR_WIDTH_MOBILE } as React.CSSProperties}
        >
          <SheetTitle className="sr-only">{label}</SheetTitle>
          <SheetDescription className="sr-only">Links to every part of the admin area.</SheetDescription>
          <aside aria-label={label} className="flex h-full flex-col">
            {children}
            {mobileFooter}
          </aside>
        </SheetContent>
      </Sheet>
    </>
  );
}

/** The button that collapses/expands the side bar (or opens the sheet on a small screen). */
export function SidebarTrigger({ className, onClick, ...props }: React.ComponentProps<typeof Button>) {
  const { isMobile, open, openMobile, toggleSidebar } = useSidebar();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label="Toggle Sidebar"
      aria-controls={isMobile ? undefined : SIDEBAR_ID}
      // Large screen: expanded or collapsed to icons. Small screen: the sheet open or closed.
      aria-expanded={isMobile ? openMobile : open}
      title="Toggle Sidebar (Ctrl+B)"
      className={className}
      onClick={(event) => {
        onClick?.(event);
        toggleSidebar();
      }}
      {...props}
    >
      <Icon name="panel-left" />
    </Button>
  );
}

/** The page beside the side bar. */
export function SidebarInset({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="sidebar-inset" className={cn("flex min-w-0 flex-1 flex-col", className)} {...props} />;
}

export function SidebarHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="sidebar-header" className={cn("flex flex-col gap-2 p-2", className)} {...props} />;
}

export function SidebarContent({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn("flex min-h-0 flex-1 flex-col gap-2 overflow-auto group-data-[collapsible=icon]:overflow-hidden", className)}
      {...props}
    />
  );
}

/** Its padding comes from the caller (the admin side bar's is roomier than the header's). */
export function SidebarFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="sidebar-footer" className={cn("flex flex-col gap-2", className)} {...props} />;
}

export function SidebarGroup({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="sidebar-group" className={cn("relative flex w-full min-w-0 flex-col p-2", className)} {...props} />;
}

export function SidebarGroupLabel({ className, ...props }: React.ComponentProps<"h2">) {
  return (
    <h2
      data-slot="sidebar-group-label"
      className={cn(
        "flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium text-sidebar-foreground/70 transition-[margin,opacity] duration-200 ease-linear group-data-[collapsible=icon]:sr-only",
        className,
      )}
      {...props}
    />
  );
}

export function SidebarSeparator({ className, ...props }: React.ComponentProps<"hr">) {
  return <hr data-slot="sidebar-separator" className={cn("mx-2 border-border", className)} {...props} />;
}

export function SidebarMenu({ className, ...props }: React.ComponentProps<"ul">) {
  return <ul data-slot="sidebar-menu" className={cn("flex w-full min-w-0 flex-col gap-1", className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: React.ComponentProps<"li">) {
  return <li data-slot="sidebar-menu-item" className={cn("relative", className)} {...props} />;
}

/** Classes for a menu entry (used on links); `active` highlights the current page. */
export function sidebarMenuButtonClass(active: boolean, className?: string) {
  return cn(
    "flex h-8 w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm outline-none transition-[width,height,padding] focus-visible:ring-2 focus-visible:ring-ring group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2! [&>svg]:size-4 [&>svg]:shrink-0 [&>span]:truncate",
    active
      ? "bg-primary/10 font-medium text-primary hover:bg-primary/15 hover:text-primary"
      : "hover:bg-accent hover:text-accent-foreground",
    className,
  );
}
