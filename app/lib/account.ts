/**
 * The reader's account (PRODUCT.md "Account", "Following and alerts"): its forms' schemas and texts,
 * shared by the server and the pages.
 */
import { z } from "zod";

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./auth-forms";

export const ALERT_CHOICES = [
  { value: "instant", label: "At once", hint: "A mail for each new item about a company you follow." },
  { value: "daily", label: "Daily digest", hint: "One mail a day, at 07:00 UTC, listing the new items." },
  { value: "off", label: "Off", hint: "No company alerts." },
] as const;

/** PRODUCT.md "Following and alerts": the signed 'Stop company alerts' link of alert mails. */
export const STOP_ALERTS_PATH = "/account/alerts/stop";

/** The Follow button's form: follow or unfollow one company. */
export const followSchema = z.object({
  companyId: z.uuid("Choose a company to follow."),
  intent: z.enum(["follow", "unfollow"], { error: "Choose to follow or to unfollow." }),
});

/** What /resources/follows answers in JSON. */
export type FollowReply = { ok: true; following: boolean } | { ok: false; error: string; signIn?: string };

export const preferencesSchema = z.object({
  intent: z.literal("preferences"),
  // A checkbox: present ('on') when ticked, absent otherwise.
  newsletter: z.literal("on").optional(),
  alerts: z.enum(["instant", "daily", "off"], { error: "Choose how you want company alerts." }),
});

export const changePasswordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string({ error: "Enter your current password." }).min(1, "Enter your current password."),
    newPassword: z
      .string({ error: "Enter a new password." })
      .min(1, { error: "Enter a new password.", abort: true })
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ["newPassword"],
    message: "Choose a password different from your current one.",
  });

export const deleteAccountSchema = z.object({
  intent: z.literal("delete"),
  password: z.string({ error: "Enter your password to delete your account." }).min(1, "Enter your password to delete your account."),
});

export const ACCOUNT_TEXTS = {
  preferencesSaved: "Your mail preferences are saved.",
  passwordChanged: "Your password is changed. Other devices have been signed out.",
  unfollowed: (name: string) => `You no longer follow ${name}.`,
  wrongPassword: "That password is not right. Your account was not deleted.",
  staffCannotDelete: "Staff accounts are closed by an administrator.",
  deleted: "Your account and everything we kept about you have been deleted.",
} as const;
