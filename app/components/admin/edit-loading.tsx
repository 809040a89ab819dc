import { useNavigation } from "react-router";

import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { ADMIN_TYPES, adminTexts, type AdminContentType } from "~/lib/admin-content";

/**
 * Edit screens load on the server, so there is nothing to wait for on a first visit. After a click inside the
 * app the current screen stays up while the edit loader runs: this says whether that is happening for the
 * given type, so the screen can show the 'Loading … data...' placeholder (PRODUCT.md "Editor").
 */
export function usePendingEditNavigation(type: AdminContentType): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || navigation.formMethod) return false;
  const prefix = `${ADMIN_TYPES[type].listPath}/`;
  const path = navigation.location.pathname;
  if (!path.startsWith(prefix)) return false;
  const rest = path.slice(prefix.length).replace(/\/$/, "");
  return rest !== "" && rest !== "new" && !rest.includes("/");
}

export function EditLoadingPlaceholder({ type }: { type: AdminContentType }) {
  return (
    <div className="space-y-6" aria-busy="true">
      <p role="status" className="text-muted-foreground">
        {adminTexts(type).loadingEdit}
      </p>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <Skeleton className="h-5 w-40" />
          </CardHeader>
          <CardContent className="space-y-4">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-40 w-full" />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <Skeleton className="h-5 w-28" />
          </CardHeader>
          <CardContent className="space-y-4">
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
