import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";

import { PAGE_CONTAINER, PageIntro } from "~/components/content/page-intro";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Icon, type IconName } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { NO_STORE, publicPageHeaders } from "~/lib/cache-headers";
import { CONTACT_FIELDS, CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS, type ContactField } from "~/lib/contact";
import { metaFromLoader } from "~/lib/seo";
import { isHoneypotFilled, parseContactForm } from "~/server/inbox/contact-form.server";
import { saveContactMessage } from "~/server/inbox/contact.server";
import { isWithinFormRateLimit } from "~/server/rate-limit.server";
import { readForm } from "~/server/request-form.server";
import { sitePageMeta } from "~/server/seo/seo.server";
import { redirectWithToast } from "~/server/toast.server";

import type { Route } from "./+types/contact";

const MESSAGE_SENT_TOAST = {
  type: "success",
  title: "Message sent",
  description: "Thanks for reaching out. We'll get back to you soon.",
} as const;

const TOO_MANY_MESSAGES = "Too many messages from your connection. Please try again in a few minutes.";

export function loader() {
  return {
    meta: sitePageMeta({
      title: "Contact | MarketWire",
      description: "Get in touch with the MarketWire team.",
      path: "/contact",
    }),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  // Honeypot (see CONTACT_HONEYPOT_FIELD): a bot gets the same answer as a person, and nothing is stored.
  if (isHoneypotFilled(formData)) return redirectWithToast("/contact", MESSAGE_SENT_TOAST);

  // Conform's reply: `error` holds the messages per field, `initialValue` what was typed.
  const submission = parseContactForm(formData);
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: NO_STORE });
  if (!(await isWithinFormRateLimit(request, "contact"))) {
    // What was typed stays in the form; the message says why it was not sent.
    return data(submission.reply({ fieldErrors: { message: [TOO_MANY_MESSAGES] } }), { status: 429, headers: NO_STORE });
  }
  await saveContactMessage(submission.value);
  // Redirect (post/redirect/get) so a reload never sends the message twice; the toast confirms it.
  return redirectWithToast("/contact", MESSAGE_SENT_TOAST);
}

export const headers = publicPageHeaders;

export const meta = metaFromLoader;

// PRODUCT.md "Public pages": the contact details are placeholders (the same ones as the site footer).
const CONTACT_DETAILS: { icon: IconName; label: string; value: string; href?: string }[] = [
  { icon: "mail", label: "Email", value: "info@marketwire.example", href: "mailto:info@marketwire.example" },
  { icon: "phone", label: "Phone", value: "+1 (212) 555-0142", href: "tel:+12125550142" },
  { icon: "map-pin", label: "Address", value: "350 Fifth Avenue, Suite 4200\nNew York, NY 10118" },
  { icon: "clock", label: "Office hours", value: "Monday to Friday, 9am to 6pm ET" },
];

const FIELD_LABELS: Record<ContactField, string> = {
  name: "Name",
  email: "Email",
  subject: "Subject",
  message: "Message",
};

export default function Contact({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const submitting = navigation.state === "submitting" && navigation.formAction === "/contact";
  const errors = actionData?.error;
  // Every field is required (the inputs say so); the form has no optional field to tell apart with an asterisk.
  const fieldProps = (field: ContactField) => ({ id: `contact-${field}`, name: field, label: FIELD_LABELS[field], error: errors?.[field] });
  // What was typed before a refusal: one string per field (anything else a forged request sent is dropped).
  const typed = (field: ContactField) => {
    const value = actionData?.initialValue?.[field];
    return typeof value === "string" ? value : "";
  };

  // After a submission settles without field errors (the action redirected), empty the form.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") {
      if (navigation.formAction === "/contact") wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    if (!errors) formRef.current?.reset();
  }, [navigation.state, navigation.formAction, errors]);

  // On rejected input, move focus to the first field that needs attention.
  useEffect(() => {
    if (!errors) return;
    const first = CONTACT_FIELDS.find((field) => errors[field]?.length);
    if (first) document.getElementById(`contact-${first}`)?.focus();
  }, [errors]);

  return (
    <section className={PAGE_CONTAINER} aria-labelledby="contact-title">
      <PageIntro id="contact-title" eyebrow="Contact" title="Contact Us">
        <p>Questions, story ideas or partnership enquiries: send us a message and we'll reply within two business days.</p>
      </PageIntro>

      <div className="grid gap-8 lg:grid-cols-5">
        <aside aria-labelledby="contact-details-title" className="lg:col-span-2">
          <div className="rounded-xl border bg-card p-6 shadow-sm">
            <h2 id="contact-details-title" className="mb-5 text-lg font-semibold">
              Get in touch
            </h2>
            <ul className="flex flex-col gap-5">
              {CONTACT_DETAILS.map(({ icon, label, value, href }) => (
                <li key={label} className="flex gap-3">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Icon name={icon} className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="text-sm font-medium">{label}</p>
                    {href ? (
                      <a href={href} className="text-sm break-words text-muted-foreground hover:text-primary hover:underline">
                        {value}
                      </a>
                    ) : (
                      <p className="text-sm whitespace-pre-line text-muted-foreground">{value}</p>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </aside>

        <div className="rounded-xl border bg-card p-6 shadow-sm lg:col-span-3">
          <h2 className="mb-5 text-lg font-semibold">Send us a message</h2>
          <Form ref={formRef} method="post" preventScrollReset aria-labelledby="contact-title" className="relative flex flex-col gap-5">
            <div className="grid gap-5 sm:grid-cols-2">
              <Field {...fieldProps("name")}>
                <Input required maxLength={CONTACT_LIMITS.name} autoComplete="name" defaultValue={typed("name")} />
              </Field>
              <Field {...fieldProps("email")}>
                <Input required maxLength={CONTACT_LIMITS.email} type="email" autoComplete="email" defaultValue={typed("email")} />
              </Field>
            </div>
            <Field {...fieldProps("subject")}>
              <Input required maxLength={CONTACT_LIMITS.subject} defaultValue={typed("subject")} />
            </Field>
            <Field {...fieldProps("message")}>
              <Textarea required maxLength={CONTACT_LIMITS.message} rows={6} defaultValue={typed("message")} />
            </Field>
            {/* Honeypot: invisible to people and assistive technology; bots that fill it are dropped. */}
            <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
              <label htmlFor="contact-website">Leave this field empty</label>
              <input id="contact-website" name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <div>
              <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
                <Icon name="send" /> {submitting ? "Sending..." : "Send Message"}
              </Button>
            </div>
          </Form>
        </div>
      </div>
    </section>
  );
}
