import { data, Form, useActionData, useNavigation } from "react-router";
import { z } from "zod";

import { AdminTable, type AdminColumn } from "~/components/admin/admin-table";
import { ContentSearchBox } from "~/components/admin/content-search-box";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/lib/format";
import { parsePage } from "~/lib/pagination";
import { A_PERSON_WITH, ROLE_LABELS, ROLES, type Role } from "~/lib/roles";
import { parseQuery } from "~/lib/search";
import { NOINDEX } from "~/lib/seo";
import { changeRole, listAccounts } from "~/server/auth/accounts.server";
import { requireRight } from "~/server/auth/session.server";
import { parseSubmission } from "~/server/form-submission.server";
import { pageUrl } from "~/server/http/page-url.server";
import { backToInbox } from "~/server/inbox/inbox-page.server";
import { logError } from "~/server/log.server";
import { readForm } from "~/server/request-form.server";

import type { Route } from "./+types/admin.users";

// PRODUCT.md "Roles": admins see every account and give each its role.
export async function loader({ request }: Route.LoaderArgs) {
  await requireRight(request, "users.manage");
  const url = pageUrl(request);
  const q = parseQuery(url.searchParams.get("q"));
  const { items, total, page, totalPages } = await listAccounts({ q, page: parsePage(url.searchParams.get("page")) });
  return {
    q,
    total,
    page,
    totalPages,
    accounts: items.map((account) => ({
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      createdAt: formatDate(account.createdAt),
      lastSignInAt: account.lastSignInAt ? formatDate(account.lastSignInAt) : null,
    })),
  };
}

/** One role change: the account and its new role. */
const roleChangeSchema = z.object({
  intent: z.literal("role"),
  userId: z.string().min(1).max(100),
  role: z.enum(ROLES, { error: "Choose one of the roles" }),
});

export const USER_TEXTS = {
  changed: (email: string, role: Role) => `${email} is now ${A_PERSON_WITH[role]}`,
  lastAdmin: "The last admin cannot be demoted: make another account an admin first.",
  notFound: "That account no longer exists.",
  failed: "Failed to change the role",
};

export interface UserActionFailure {
  ok: false;
  message: string;
}

const failure = (message: string, status: number) => data<UserActionFailure>({ ok: false, message }, { status });

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireRight(request, "users.manage");
  const form = await readForm(request);
  const submission = parseSubmission(form, roleChangeSchema);
  if (submission.status !== "success") return failure(submission.error?.intent ? "Unknown action" : USER_TEXTS.failed, 400);
  const { userId, role } = submission.value;
  try {
    // The admin's own session survives a change of their own role (the others end).
    const result = await changeRole(userId, role, userId === admin.id ? admin.sessionId : undefined, {
      actor: { id: admin.id, name: admin.name || admin.email, role: admin.role },
      address: admin.address ?? null,
    });
    if (!result.ok)
      return failure(result.reason === "lastAdmin" ? USER_TEXTS.lastAdmin : USER_TEXTS.notFound, result.reason === "lastAdmin" ? 409 : 404);
  } catch (error) {
    logError(`[admin] changing the role of ${userId} failed`, error);
    return failure(USER_TEXTS.failed, 503);
  }
  const email = String(form.get("email") ?? "") || "The account";
  return backToInbox(request, "/admin/users", USER_TEXTS.changed(email, role));
}

export const meta: Route.MetaFunction = () => [{ title: "Users | MarketWire Admin" }, NOINDEX];

type Account = Route.ComponentProps["loaderData"]["accounts"][number];

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { accounts, q, total, page, totalPages } = loaderData;
  const refused = useActionData<UserActionFailure>();
  const navigation = useNavigation();
  const columns = accountColumns(navigation.formData?.get("userId"));
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Users</h1>
        <p className="text-muted-foreground">
          {q ? `${total.toLocaleString("en-US")} matching "${q}"` : total === 1 ? "1 account" : `${total.toLocaleString("en-US")} accounts`}
        </p>
      </div>
      {refused ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
          {refused.message}
        </p>
      ) : null}
      <ContentSearchBox q={q} label="Search users" />
      <AdminTable columns={columns} rows={accounts} empty="No accounts found" paging={{ page, totalPages }} />
    </div>
  );
}

/** `savingId`: the account whose role is being saved (its Save button waits). */
function accountColumns(savingId: FormDataEntryValue | null | undefined): AdminColumn<Account>[] {
  return [
    {
      label: "Account",
      className: "pl-5",
      cellClassName: "pl-5",
      cell: (account) => (
        <>
          <p className="font-medium">{account.name}</p>
          <p className="text-xs break-all text-muted-foreground">{account.email}</p>
        </>
      ),
    },
    {
      label: "Role",
      cell: (account) => <RoleForm account={account} saving={savingId === account.id} />,
    },
    {
      label: "Created",
      align: "right",
      className: "hidden md:table-cell",
      cellClassName: "hidden whitespace-nowrap text-muted-foreground md:table-cell",
      cell: (account) => account.createdAt,
    },
    {
      label: "Last sign-in",
      align: "right",
      className: "hidden pr-5 md:table-cell",
      cellClassName: "hidden pr-5 whitespace-nowrap text-muted-foreground md:table-cell",
      cell: (account) => account.lastSignInAt ?? "Never",
    },
  ];
}

/** An account's role: a plain form, so it is saved before the page's scripts run too. */
function RoleForm({ account, saving }: { account: Account; saving: boolean }) {
  const selectId = `role-${account.id}`;
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={account.id} />
      <input type="hidden" name="email" value={account.email} />
      <label htmlFor={selectId} className="sr-only">
        Role of {account.email}
      </label>
      <select
        id={selectId}
        name="role"
        defaultValue={account.role}
        className="h-8 rounded-md border border-input bg-transparent px-2 text-sm"
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="outline" disabled={saving} aria-label={`Save the role of ${account.email}`}>
        Save
      </Button>
    </Form>
  );
}
