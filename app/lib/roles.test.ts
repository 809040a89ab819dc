import { describe, expect, it } from "vitest";

import { can, isRole, isStaff, RIGHTS, roleOf, ROLES, STAFF_ROLES, type Role } from "./roles";

const rightsOf = (role: (typeof ROLES)[number]) => RIGHTS.filter((right) => can(role, right));

describe('roles (PRODUCT.md "Roles")', () => {
  it("a reader has no admin right", () => {
    expect(rightsOf("reader")).toEqual([]);
    expect(isStaff("reader")).toBe(false);
  });

  it("every other role enters the admin area and reads its content", () => {
    for (const role of ["contributor", "editor", "compliance", "admin"] as const) {
      expect(isStaff(role), role).toBe(true);
      expect(can(role, "content.read"), role).toBe(true);
    }
  });

  it("a contributor creates, edits its own drafts and submits; never publishes, archives, deletes, features or schedules", () => {
    expect(rightsOf("contributor")).toEqual([
      "admin.enter",
      "content.read",
      "content.create",
      "content.editOwnDraft",
      "content.submit",
      "companies.read",
      "media.read",
      "media.upload",
    ]);
  });

  it("an editor may do everything on content, companies and media, but not review, client flags, accounts or the inbox", () => {
    const notEditors = ["content.review", "companies.setClient"];
    const onContent = RIGHTS.filter((right) => /^(content|companies|media)\./.test(right) && !notEditors.includes(right));
    for (const right of onContent) expect(can("editor", right), right).toBe(true);
    for (const right of ["content.review", "companies.setClient", "users.manage", "inbox.read", "audit.read"] as const)
      expect(can("editor", right), right).toBe(false);
  });

  it('only admins mark a company as a client, which decides what needs review (PRODUCT.md "Review")', () => {
    expect(ROLES.filter((role) => can(role, "companies.setClient"))).toEqual(["admin"]);
  });

  it("compliance reads everything and reviews, and changes nothing else", () => {
    expect(rightsOf("compliance")).toEqual([
      "admin.enter",
      "content.read",
      "content.review",
      "companies.read",
      "media.read",
      "inbox.read",
      "newsletter.read",
      "audit.read",
      "reports.read",
    ]);
  });

  it("an admin may do all of it but review, which is compliance's alone", () => {
    expect(RIGHTS.filter((right) => !can("admin", right))).toEqual(["content.review"]);
  });

  it("editors and admins write and send the newsletter; compliance reads it", () => {
    expect(ROLES.filter((role) => can(role, "newsletter.send"))).toEqual(["editor", "admin"]);
    expect(ROLES.filter((role) => can(role, "newsletter.read"))).toEqual(["editor", "compliance", "admin"]);
  });

  it('editors, compliance and admins read client reports; contributors and readers do not (PRODUCT.md "Client reports")', () => {
    expect(ROLES.filter((role) => can(role, "reports.read"))).toEqual(["editor", "compliance", "admin"]);
  });

  it('only admins import market data (PRODUCT.md "CSV imports")', () => {
    expect(ROLES.filter((role) => can(role, "markets.manage"))).toEqual(["admin"]);
  });

  it("only admins manage accounts and roles", () => {
    expect(ROLES.filter((role) => can(role, "users.manage"))).toEqual(["admin"]);
  });

  it("a stored role outside the list (the old 'user', a typo made by hand) is a reader", () => {
    expect(roleOf("user")).toBe("reader");
    expect(roleOf("Admin")).toBe("reader");
    expect(roleOf(null)).toBe("reader");
    for (const role of ROLES) expect(roleOf(role)).toBe(role);
  });

  it("the staff roles are exactly those that enter the admin area", () => {
    expect(ROLES.filter((role) => can(role, "admin.enter"))).toEqual([...STAFF_ROLES]);
    expect(isStaff("user")).toBe(false);
  });

  it("isRole accepts only the five names", () => {
    expect(ROLES.every(isRole)).toBe(true);
    for (const stored of ["user", "Admin", "", "admin "]) expect(isRole(stored), stored).toBe(false);
  });

  it("a value that is not a role holds no right", () => {
    for (const stored of ["user", "", "__proto__", "constructor"]) expect(can(stored as Role, "admin.enter"), stored).toBe(false);
  });
});
