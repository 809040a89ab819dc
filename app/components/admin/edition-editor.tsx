import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, Link, useRevalidator } from "react-router";

import { RichTextField } from "~/components/admin/rich-text-field";
import { notify } from "~/components/toasts";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { EDITION_LIMITS, EDITION_TEXTS, EDITIONS_PATH, editionSchema } from "~/lib/newsletter-editions";
import { cn } from "~/lib/utils";
import type { EditionEditorActionData, EditionEditorData } from "~/server/newsletter/edition-handlers.server";

const plural = (n: number, noun: string) => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;

/** How often the page looks again while a sent edition's mails are being queued. */
const QUEUE_PROGRESS_MS = 2_000;

/** PRODUCT.md "Newsletter editions": a sent edition's mails being queued in the background, read again until done. */
function QueueProgress({ queued, of }: { queued: number; of: number }) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, QUEUE_PROGRESS_MS);
    return () => clearInterval(timer);
  }, [revalidator]);
  return (
    <p role="status" className="text-sm">
      Queuing the mails: {queued.toLocaleString("en-US")} of {plural(of, "subscriber")} so far.
    </p>
  );
}

/** PRODUCT.md "Newsletter editions": compose, preview, test, send now or schedule. */
export function EditionEditor({ editor, actionData }: { editor: EditionEditorData; actionData: EditionEditorActionData | undefined }) {
  const sent = editor.status === "sent";
  const [form, fields] = useForm({
    id: "edition-editor",
    lastResult: actionData?.result,
    defaultValue: editor.values,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editionSchema }),
  });

  useEffect(() => {
    const failure = actionData?.result.error?.[""]?.[0];
    if (failure) notify("error", "Error", failure);
  }, [actionData]);

  const checked = new Set(editor.values.items);
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <Link className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "w-fit")} to={EDITIONS_PATH}>
          <Icon name="arrow-left" />
          Back to Newsletter
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">
          {editor.mode === "create" ? EDITION_TEXTS.createHeading : EDITION_TEXTS.editHeading}
        </h1>
        {editor.when ? <Badge variant={sent ? "success" : "outline"}>{editor.when}</Badge> : null}
      </div>

      {editor.queueing ? <QueueProgress queued={editor.queueing.queued} of={editor.queueing.of} /> : null}
      {sent && editor.counts ? (
        <p className="text-sm text-muted-foreground">
          {plural(editor.counts.sent, "mail")} sent · {editor.counts.queued + editor.counts.sending} waiting · {editor.counts.failed} failed
          {editor.webPath ? (
            <>
              {" · "}
              <Link to={editor.webPath} className="underline">
                Web version
              </Link>
            </>
          ) : null}
        </p>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="grid max-w-5xl gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Edition</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Field meta={fields.subject} label="Subject" required>
              <Input maxLength={EDITION_LIMITS.subject} autoComplete="off" disabled={sent} />
            </Field>
            <RichTextField meta={fields.intro} label="Introduction" />
            <fieldset className="flex flex-col gap-2" disabled={sent}>
              <legend className="mb-2 text-sm font-medium">Items</legend>
              <p className="text-sm text-muted-foreground">
                The last 7 days' items are proposed, featured first. Paid items carry their disclosure.
              </p>
              {editor.choices.length === 0 ? <p className="text-sm">Nothing was published in the last 7 days.</p> : null}
              {editor.choices.map((choice) => (
                <label key={choice.value} className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={fields.items.name}
                    value={choice.value}
                    defaultChecked={checked.has(choice.value)}
                    className="mt-1 size-4 accent-primary"
                  />
                  <span>
                    <span className="font-medium">{choice.title}</span>
                    <span className="block text-muted-foreground">
                      {choice.label} · {choice.published}
                      {choice.featured ? " · Featured" : ""}
                      {choice.paid ? " · Paid promotion" : ""}
                    </span>
                  </span>
                </label>
              ))}
              {fields.items.errors ? <p className="text-sm text-destructive">{fields.items.errors[0]}</p> : null}
            </fieldset>
            {sent ? null : (
              <div className="flex flex-wrap gap-2">
                <Button type="submit" name="intent" value="save">
                  Save
                </Button>
                <Button type="submit" name="intent" value="test" variant="outline">
                  Send a test to me
                </Button>
              </div>
            )}
          </CardContent>
        </Card>

        <div className="flex flex-col gap-6">
          {sent ? null : (
            <Card>
              <CardHeader>
                <CardTitle>Send</CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                <p className="text-sm text-muted-foreground">
                  Goes to the {plural(editor.confirmed, "confirmed subscriber")}; pending addresses get nothing.
                  {editor.mailConfigured ? null : " No mail transport is set (SMTP_URL): the mails wait in the outbox until it is."}
                </p>
                <Field meta={fields.sendAt} label="Send at (UTC)" hint="Schedule it: it is sent when this time comes.">
                  <Input type="datetime-local" />
                </Field>
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" name="intent" value="schedule" variant="outline">
                    Schedule
                  </Button>
                  {editor.status === "scheduled" ? (
                    <Button type="submit" name="intent" value="unschedule" variant="outline">
                      Unschedule
                    </Button>
                  ) : null}
                </div>
                <details className="rounded-lg border p-3">
                  <summary className="cursor-pointer text-sm font-medium">Send now…</summary>
                  <p className="my-2 text-sm">The edition goes out at once and can no longer be changed.</p>
                  <Button type="submit" name="intent" value="send">
                    <Icon name="send" />
                    Send to {plural(editor.confirmed, "subscriber")}
                  </Button>
                </details>
              </CardContent>
            </Card>
          )}
          {editor.preview ? (
            <Card>
              <CardHeader>
                <CardTitle>Preview</CardTitle>
              </CardHeader>
              <CardContent>
                {/* Rendered on the server from the saved edition: the intro sanitised, every other value escaped. */}
                <div
                  className="overflow-x-auto rounded-lg border bg-white text-black"
                  dangerouslySetInnerHTML={{ __html: editor.preview }}
                />
              </CardContent>
            </Card>
          ) : (
            <p className="text-sm text-muted-foreground">Save the edition to see its preview.</p>
          )}
        </div>
      </Form>
    </div>
  );
}
