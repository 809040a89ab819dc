/**
 * The content API's endpoints (PRODUCT.md "Content API"), each a request in, a Response out: the route
 * modules under app/routes/api.v1.* call one of these and nothing else.
 */
import { getCompany, listCompanies } from "./api-companies.server";
import { answerApi, type ApiResult } from "./api-http.server";
import { getItem, listItems } from "./api-items.server";
import { itemsQuerySchema, noQuerySchema, parseQuery } from "./api-query.server";
import { openApiDocument } from "./openapi.server";

/** A query that fails its schema is a 400 with the first problem named. */
async function withQuery<T>(request: Request, schema: Parameters<typeof parseQuery<T>>[0], found: (query: T) => Promise<ApiResult>) {
  const parsed = parseQuery(schema, new URL(request.url));
  return parsed.ok ? found(parsed.query) : ({ status: 400, error: parsed.error } as const);
}

/** GET /api/v1/items */
export function itemsEndpoint(request: Request) {
  return answerApi(request, () => withQuery(request, itemsQuerySchema, async (query) => ({ status: 200, body: await listItems(query) })));
}

/** GET /api/v1/items/{id} */
export function itemEndpoint(request: Request, id: string | undefined) {
  return answerApi(request, () =>
    withQuery(request, noQuerySchema, async () => {
      const item = id ? await getItem(id) : null;
      return item ? { status: 200, body: item } : { status: 404, error: "No published item has this id." };
    }),
  );
}

/** GET /api/v1/companies */
export function companiesEndpoint(request: Request) {
  return answerApi(request, () => withQuery(request, noQuerySchema, async () => ({ status: 200, body: await listCompanies() })));
}

/** GET /api/v1/companies/{slug} */
export function companyEndpoint(request: Request, slug: string | undefined) {
  return answerApi(request, () =>
    withQuery(request, noQuerySchema, async () => {
      const company = slug ? await getCompany(slug) : null;
      return company ? { status: 200, body: company } : { status: 404, error: "No company has this slug." };
    }),
  );
}

/** GET /api/v1/openapi.json */
export function openApiEndpoint(request: Request) {
  return answerApi(request, () => withQuery(request, noQuerySchema, async () => ({ status: 200, body: openApiDocument() })));
}

/** Any other path under /api/v1. */
export function unknownEndpoint(request: Request) {
  return answerApi(request, async () => ({ status: 404, error: "No such endpoint. The endpoints are listed at /api/v1/openapi.json." }));
}
