import { describe, expect, it } from "vitest";

import { readForm } from "./request-form.server";

const URL = "http://localhost:3000/contact";

function post(body: BodyInit | null, contentType?: string) {
  const headers = new Headers();
  if (contentType) headers.set("Content-Type", contentType);
  return new Request(URL, { method: "POST", headers, body });
}

/** The Response readForm threw, with its JSON message. */
async function refusal(request: Request) {
  const thrown = await readForm(request).then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  return { status: response.status, headers: response.headers, error: ((await response.json()) as { error: string }).error };
}

const multipart = (boundary: string, parts: string) => post(parts, `multipart/form-data; boundary=${boundary}`);

describe("readForm", () => {
  it("reads a urlencoded form, keeping tab, CR, LF and any Unicode text", async () => {
    const form = await readForm(
      post("name=Zo%C3%AB+%F0%9F%93%88&message=line+one%0D%0Aline%09two%0A", "application/x-www-form-urlencoded;charset=UTF-8"),
    );
    expect(form.get("name")).toBe("Zoë 📈");
    expect(form.get("message")).toBe("line one\r\nline\ttwo\n");
  });

  it("reads a multipart form (what FormData sends)", async () => {
    const body = new FormData();
    body.append("email", "ann@example.com");
    body.append("tags", "a");
    body.append("tags", "b");
    const form = await readForm(new Request(URL, { method: "POST", body }));
    expect(form.get("email")).toBe("ann@example.com");
    expect(form.getAll("tags")).toEqual(["a", "b"]);
  });

  it("reads an empty form as a form with no fields (the action then says what is missing)", async () => {
    const form = await readForm(post("", "application/x-www-form-urlencoded"));
    expect([...form.keys()]).toEqual([]);
  });

  it.each([
    ["JSON", '{"email":"ann@example.com"}', "application/json"],
    ["plain text", "email=ann@example.com", "text/plain"],
    ["XML", "<email/>", "application/xml"],
    ["no content type", "email=ann@example.com", undefined],
    ["no body at all", null, undefined],
  ])("answers 415 to %s, naming the accepted types", async (_, body, contentType) => {
    const { status, headers, error } = await refusal(post(body, contentType));
    expect(status).toBe(415);
    expect(error).toBe("Send this form as application/x-www-form-urlencoded or multipart/form-data.");
    expect(headers.get("Accept-Post")).toBe("application/x-www-form-urlencoded, multipart/form-data");
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it.each([
    ["a multipart body without a boundary", post("--x\r\n\r\n", "multipart/form-data")],
    ["a multipart body that is not multipart", multipart("x", '{"email":"ann@example.com"}')],
    ["a multipart body cut off mid-part", multipart("x", '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nann@exa')],
    ["a multipart part without a name", multipart("x", "--x\r\nContent-Type: text/plain\r\n\r\nhello\r\n--x--\r\n")],
  ])("answers 400 to %s", async (_, request) => {
    const { status, error } = await refusal(request);
    expect(status).toBe(400);
    expect(error).toBe("The form could not be read: its body is not valid multipart/form-data.");
  });

  it.each([
    ["NUL in a value", "message=hello%00world", 'The field "message"'],
    ["a vertical tab in a value", "subject=a%0Bb", 'The field "subject"'],
    ["ESC in a value", "name=%1B%5B31m", 'The field "name"'],
    ["DEL in a value", "email=ann%7F%40example.com", 'The field "email"'],
    ["a C1 control (U+0085) in a value", "title=a%C2%85b", 'The field "title"'],
    ["NUL in a field name", "na%00me=Ann", "A field"],
  ])("answers 400 to %s, naming the field, without stripping it", async (_, body, field) => {
    const { status, error } = await refusal(post(body, "application/x-www-form-urlencoded"));
    expect(status).toBe(400);
    expect(error).toBe(`${field} contains a control character (such as NUL); remove it and send the form again.`);
  });

  it("answers 400 to NUL in a multipart value", async () => {
    const body = new FormData();
    body.append("content", "<p>a\u0000b</p>");
    const { status, error } = await refusal(new Request(URL, { method: "POST", body }));
    expect(status).toBe(400);
    expect(error).toContain('The field "content" contains a control character');
  });
});
