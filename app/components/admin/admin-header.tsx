import { Form, Link, useNavigation } from "react-router";

import { Button, buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { SidebarTrigger } from "~/components/ui/sidebar";

/** PRODUCT.md "Admin": 'Admin Dashboard', 'View Site', the signed-in user's email, sign-out and the side-bar toggle. */
export function AdminHeader({ email }: { email: string }) {
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:px-4">
      <SidebarTrigger />
      <div aria-hidden="true" className="mx-1 h-5 w-px bg-border" />
      <p className="truncate text-base font-semibold sm:text-lg">Admin Dashboard</p>
      <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
        <Link className={buttonVariants({ variant: "outline", size: "sm" })} to="/">
          <Icon name="external-link" />
          <span className="sr-only sm:not-sr-only">View Site</span>
        </Link>
        <span className="hidden max-w-56 truncate text-sm text-muted-foreground sm:inline" title={email}>
          {email}
        </span>
        <SignOutForm compact />
      </div>
    </header>
  );
}

/** A plain form, so signing out works before JavaScript loads; it posts to the /admin layout's action. */
export function SignOutForm({ compact = false, className }: { compact?: boolean; className?: string }) {
  const navigation = useNavigation();
  const signingOut = navigation.state !== "idle" && navigation.formData?.get("intent") === "signout";
  const text = signingOut ? "Signing out..." : "Sign Out";
  return (
    <Form method="post" action="/admin" className={className}>
      <input type="hidden" name="intent" value="signout" />
      <Button
        type="submit"
        variant={compact ? "ghost" : "outline"}
        size="sm"
        disabled={signingOut}
        className={compact ? undefined : "w-full"}
      >
        <Icon name="log-out" />
        <span className={compact ? "sr-only sm:not-sr-only" : undefined}>{text}</span>
      </Button>
    </Form>
  );
}
