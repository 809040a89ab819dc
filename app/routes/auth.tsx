import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import type { z } from "zod";

import { notify } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { FormField } from "~/components/ui/form-field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { fieldErrorsOf, formFields, MIN_PASSWORD_LENGTH, signInSchema, signUpSchema, type FieldErrors } from "~/lib/auth-forms";
import { signInDestination } from "~/lib/redirects";
import { useHydrated } from "~/lib/use-hydrated";
import { appendSetCookies, signInWithPassword, signUpWithPassword } from "~/server/auth-actions.server";
import { readForm } from "~/server/request-form.server";
import { getCurrentUser } from "~/server/session.server";
import { redirectWithToast } from "~/server/toast.server";

import type { Route } from "./+types/auth";

// Someone already signed in leaves this page: an admin to /admin, a reader back to where they
// came from (PRODUCT.md "Accounts").
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (user) throw redirect(signInDestination(user.isAdmin, new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

type Intent = "signin" | "signup";

/** What the page shows after a submission that did not redirect. */
export interface AuthActionData {
  intent: Intent;
  ok: boolean;
  message?: { title: string; description: string };
  fieldErrors?: Record<string, string>;
  /** What the visitor typed (never the password), so a page rendered without JavaScript keeps it. */
  values?: Record<string, string>;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent: Intent = form.get("intent") === "signup" ? "signup" : "signin";

  if (intent === "signin") {
    const raw = formFields(form, ["email", "password"]);
    const parsed = signInSchema.safeParse(raw);
    const values = { email: raw.email ?? "" };
    if (!parsed.success) {
      return data<AuthActionData>({ intent, ok: false, fieldErrors: fieldErrorsOf(parsed.error), values }, { status: 400 });
    }
    const result = await signInWithPassword(request, parsed.data);
    if (!result.ok) {
      const { title, description } = result;
      return data<AuthActionData>({ intent, ok: false, message: { title, description }, values }, { status: result.status });
    }
    // 'Welcome back!', then /admin for an admin; a reader goes back to the page they came from
    // (PRODUCT.md "Accounts"). The session cookies come from Better Auth.
    const response = await redirectWithToast(signInDestination(result.isAdmin, form.get("redirectTo")), {
      type: "success",
      title: "Welcome back!",
      description: "You have been successfully logged in.",
    });
    return appendSetCookies(response, result.setCookies);
  }

  const raw = formFields(form, ["displayName", "email", "password"]);
  const parsed = signUpSchema.safeParse(raw);
  const values = { displayName: raw.displayName ?? "", email: raw.email ?? "" };
  if (!parsed.success) {
    return data<AuthActionData>({ intent, ok: false, fieldErrors: fieldErrorsOf(parsed.error), values }, { status: 400 });
  }
  const result = await signUpWithPassword(request, parsed.data);
  if (!result.ok) {
    const { title, description, fieldErrors } = result;
    return data<AuthActionData>({ intent, ok: false, message: { title, description }, fieldErrors, values }, { status: result.status });
  }
  // PRODUCT.md "Auth messages": the form is cleared, so no values are sent back.
  return data<AuthActionData>({
    intent,
    ok: true,
    message: { title: "Account created!", description: "Please check your email to verify your account." },
  });
}

// The page depends on the session: never let a shared cache keep it.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [
  { title: "Sign In | MarketWire" },
  { name: "description", content: "Sign in to the MarketWire content area." },
];

export default function AuthPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<Intent>(() => actionData?.intent ?? (searchParams.get("tab") === "signup" ? "signup" : "signin"));

  // Show each outcome once as a toast (the same text is also on the page for visitors without JS).
  useEffect(() => {
    if (!actionData?.message) return;
    const { title, description } = actionData.message;
    notify(actionData.ok ? "success" : "error", title, description);
  }, [actionData]);

  const changeTab = (value: string) => {
    const next: Intent = value === "signup" ? "signup" : "signin";
    setTab(next);
    // Keep the tab in the address (shareable `?tab=signup`) without a round trip to the server.
    const url = new URL(window.location.href);
    if (next === "signup") url.searchParams.set("tab", "signup");
    else url.searchParams.delete("tab");
    window.history.replaceState(window.history.state, "", url);
  };

  return (
    <div className="flex min-h-screen flex-col bg-muted/40">
      <header className="mx-auto w-full max-w-md px-4 pt-6">
        <Link to="/" className="inline-flex items-center gap-2 text-sm text-muted-foreground transition-colors hover:text-foreground">
          <Icon name="arrow-left" className="size-4" />
          Back to Home
        </Link>
      </header>
      <main className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-8">
        <Card>
          <CardHeader className="text-center">
            <p className="text-2xl font-bold tracking-tight">
              Market<span className="text-primary">Wire</span>
            </p>
            <h1 className="text-lg leading-tight font-semibold">Welcome</h1>
            <CardDescription>Sign in to manage content, or create an account.</CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs value={tab} onValueChange={changeTab}>
              <TabsList className="w-full">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="signin" className="pt-4">
                <SignInForm actionData={actionData?.intent === "signin" ? actionData : undefined} />
              </TabsContent>
              <TabsContent value="signup" className="pt-4">
                <SignUpForm actionData={actionData?.intent === "signup" ? actionData : undefined} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}

function useFormState<S extends z.ZodType>(schema: S, intent: Intent, actionData: AuthActionData | undefined) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [clientErrors, setClientErrors] = useState<FieldErrors<z.infer<S>> | null>(null);
  // A new server answer replaces the messages found in the browser.
  useEffect(() => setClientErrors(null), [actionData]);
  const errors: Record<string, string | undefined> = clientErrors ?? actionData?.fieldErrors ?? {};

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const parsed = schema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = fieldErrorsOf(parsed.error) as FieldErrors<z.infer<S>>;
    setClientErrors(found);
    const first = Object.keys(found)[0];
    if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
  };
  return { busy, errors, onSubmit };
}

function SignInForm({ actionData }: { actionData: AuthActionData | undefined }) {
  // Native validation until the page is interactive; after that the Zod messages (same rules) show inline.
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  const { busy, errors, onSubmit } = useFormState(signInSchema, "signin", actionData);
  return (
    <Form method="post" noValidate={hydrated} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign in">
      <input type="hidden" name="intent" value="signin" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormMessage actionData={actionData} />
      <FormField id="signin-email" label="Email" error={errors.email}>
        <Input
          id="signin-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          defaultValue={actionData?.values?.email}
        />
      </FormField>
      <FormField id="signin-password" label="Password" error={errors.password}>
        <Input id="signin-password" name="password" type="password" autoComplete="current-password" required />
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing in..." : "Sign In"}
      </Button>
    </Form>
  );
}

function SignUpForm({ actionData }: { actionData: AuthActionData | undefined }) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, errors, onSubmit } = useFormState(signUpSchema, "signup", actionData);
  // PRODUCT.md "Auth messages": after 'Account created!' the form is cleared.
  useEffect(() => {
    if (actionData?.ok) formRef.current?.reset();
  }, [actionData]);
  return (
    <Form ref={formRef} method="post" noValidate={hydrated} onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Sign up">
      <input type="hidden" name="intent" value="signup" />
      <FormMessage actionData={actionData} />
      <FormField id="signup-name" label="Display Name" error={errors.displayName}>
        <Input
          id="signup-name"
          name="displayName"
          autoComplete="name"
          placeholder="Your name"
          required
          defaultValue={actionData?.values?.displayName}
        />
      </FormField>
      <FormField id="signup-email" label="Email" error={errors.email}>
        <Input
          id="signup-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          required
          defaultValue={actionData?.values?.email}
        />
      </FormField>
      <FormField id="signup-password" label="Password" error={errors.password} hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        <Input id="signup-password" name="password" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Creating account..." : "Sign Up"}
      </Button>
    </Form>
  );
}

/** The outcome in words on the page, so it is there without JavaScript and for screen readers. */
function FormMessage({ actionData }: { actionData: AuthActionData | undefined }) {
  if (!actionData?.message) return null;
  const { title, description } = actionData.message;
  return (
    <div
      role={actionData.ok ? "status" : "alert"}
      className={
        actionData.ok
          ? "rounded-md border border-gain/40 bg-gain/10 px-3 py-2 text-sm"
          : "rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
      }
    >
      <p className="font-medium">{title}</p>
      <p className="text-muted-foreground">{description}</p>
    </div>
  );
}
