import { getAuth } from "~/server/auth/auth.server";

import type { Route } from "./+types/api.auth.$";

// Better Auth's own HTTP API (sign-up, sign-in, sign-out, verification, session).
export async function loader({ request }: Route.LoaderArgs) {
  return (await getAuth()).handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  return (await getAuth()).handler(request);
}
