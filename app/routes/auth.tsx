import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";

import { notify } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Field, type FieldMeta } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { MIN_PASSWORD_LENGTH, signInSchema, signUpSchema } from "~/lib/auth-forms";
import { signInDestination } from "~/lib/redirects";
import { NOINDEX } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import { appendSetCookies, signInWithPassword, signUpWithPassword } from "~/server/auth/auth-actions.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { parseSubmission } from "~/server/form-submission.server";
import { pageUrl } from "~/server/http/page-url.server";
import { readForm } from "~/server/request-form.server";
import { redirectWithToast } from "~/server/toast.server";

import type { Route } from "./+types/auth";

// Someone already signed in leaves this page: an admin to /admin, a reader back to where they
// came from (PRODUCT.md "Accounts").
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (user) throw redirect(signInDestination(user.isStaff, pageUrl(request).searchParams.get("redirectTo")));
  return null;
}

type Intent = "signin" | "signup";

/** What the page shows after a submission that did not redirect. */
export interface AuthActionData {
  intent: Intent;
  ok: boolean;
  message?: { title: string; description: string };
  /**
   * Conform's reply to a refused submission: the field messages (`error`) and what was typed
   * (`initialValue`, never the password), so a page rendered without JavaScript keeps it.
   */
  result?: SubmissionResult<string[]>;
}

// The password never goes back to the browser.
const HIDDEN = { hideFields: ["password"] };

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent: Intent = form.get("intent") === "signup" ? "signup" : "signin";

  if (intent === "signin") {
    const submission = parseSubmission(form, signInSchema);
    if (submission.status !== "success") {
      return data<AuthActionData>({ intent, ok: false, result: submission.reply(HIDDEN) }, { status: 400 });
    }
    const result = await signInWithPassword(request, submission.value);
    if (!result.ok) {
      const { title, description } = result;
      return data<AuthActionData>(
        { intent, ok: false, message: { title, description }, result: submission.reply(HIDDEN) },
        { status: result.status },
      );
    }
    // 'Welcome back!', then /admin for an admin; a reader goes back to the page they came from
    // (PRODUCT.md "Accounts"). The session cookies come from Better Auth.
    const response = await redirectWithToast(signInDestination(result.isStaff, form.get("redirectTo")), {
      type: "success",
      title: "Welcome back!",
      description: "You have been successfully logged in.",
    });
    return appendSetCookies(response, result.setCookies);
  }

  const submission = parseSubmission(form, signUpSchema);
  if (submission.status !== "success") {
    return data<AuthActionData>({ intent, ok: false, result: submission.reply(HIDDEN) }, { status: 400 });
  }
  // PRODUCT.md "Accounts": the verification link brings a reader back to the page they came from.
  const result = await signUpWithPassword(request, submission.value, signInDestination(false, form.get("redirectTo")));
  if (!result.ok) {
    const { title, description, fieldErrors } = result;
    const reply = submission.reply({
      ...HIDDEN,
      ...(fieldErrors?.password ? { fieldErrors: { password: [fieldErrors.password] } } : {}),
    });
    return data<AuthActionData>({ intent, ok: false, message: { title, description }, result: reply }, { status: result.status });
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
  NOINDEX,
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

/** Conform with the same schema as the action: early messages on blur, then as the visitor types. */
function useAuthForm<S extends typeof signInSchema | typeof signUpSchema>(
  intent: Intent,
  schema: S,
  actionData: AuthActionData | undefined,
) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: intent,
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // Native validation until the page is interactive; after that Conform's messages (same rules) show inline.
  const hydrated = useHydrated();
  return { busy, fields, formProps: { ...getFormProps(form), noValidate: hydrated } };
}

/** PRODUCT.md "Accounts": where the visitor came from, so signing in (or the verification link) brings them back. */
function RedirectToField() {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  return redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null;
}

function SignInForm({ actionData }: { actionData: AuthActionData | undefined }) {
  const { busy, fields, formProps } = useAuthForm("signin", signInSchema, actionData);
  return (
    <Form method="post" {...formProps} className="flex flex-col gap-4" aria-label="Sign in">
      <input type="hidden" name="intent" value="signin" />
      <RedirectToField />
      <FormMessage actionData={actionData} />
      <EmailField meta={fields.email} />
      <Field meta={fields.password} label="Password">
        <Input type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing in..." : "Sign In"}
      </Button>
    </Form>
  );
}

function SignUpForm({ actionData }: { actionData: AuthActionData | undefined }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { busy, fields, formProps } = useAuthForm("signup", signUpSchema, actionData);
  // PRODUCT.md "Auth messages": after 'Account created!' the form is cleared (Conform resets with it).
  useEffect(() => {
    if (actionData?.ok) formRef.current?.reset();
  }, [actionData]);
  return (
    <Form ref={formRef} method="post" {...formProps} className="flex flex-col gap-4" aria-label="Sign up">
      <input type="hidden" name="intent" value="signup" />
      <RedirectToField />
      <FormMessage actionData={actionData} />
      <Field meta={fields.displayName} label="Display Name">
        <Input autoComplete="name" placeholder="Your name" required />
      </Field>
      <EmailField meta={fields.email} />
      <Field meta={fields.password} label="Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        <Input type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Creating account..." : "Sign Up"}
      </Button>
    </Form>
  );
}

/** Both forms ask for the email the same way. */
function EmailField({ meta }: { meta: FieldMeta }) {
  return (
    <Field meta={meta} label="Email">
      <Input type="email" autoComplete="email" placeholder="you@example.com" required />
    </Field>
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
