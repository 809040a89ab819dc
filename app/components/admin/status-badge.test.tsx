import "../../../tests/support/dom";

import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { StatusBadge } from "./status-badge";

afterEach(cleanup);

/** The badge's text as a reader sees it, and the machine-readable time it carries (if any). */
function shown(props: React.ComponentProps<typeof StatusBadge>) {
  const { container } = render(<StatusBadge {...props} />);
  const time = container.querySelector("time");
  return { text: container.textContent, dateTime: time?.getAttribute("datetime") ?? null };
}

describe('StatusBadge (PRODUCT.md "Admin lists", PRODUCT.md "Scheduled publishing")', () => {
  it("a published item whose time is ahead is 'Scheduled', with that time in UTC", () => {
    expect(shown({ status: "published", scheduledFor: new Date("2030-06-01T09:30:00.000Z") })).toEqual({
      text: "ScheduledJun 1, 2030, 09:30 UTC",
      dateTime: "2030-06-01T09:30:00.000Z",
    });
  });

  it.each(["published", "draft", "archived"])("%s without a time ahead shows its status", (status) => {
    expect(shown({ status, scheduledFor: null })).toEqual({ text: status, dateTime: null });
  });

  it("a time on an item that is not published is ignored", () => {
    expect(shown({ status: "draft", scheduledFor: new Date("2030-06-01T09:30:00.000Z") }).text).toBe("draft");
  });
});
