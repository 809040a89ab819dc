import { useNavigation } from "react-router";

import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { adminTexts } from "~/lib/admin-texts";
import { CONTENT_REGISTRY } from "~/lib/content-registry";
import { type ContentType } from "~/lib/content-types";

/**
 * Edit screens load on the server, so there is nothing to wait for on a first visit. After a click inside the
 * app the current screen stays up while the edit loader runs: this says whether that is happening for the
 * given type, so the screen can show the 'Loading … data...' placeholder (PRODUCT.md "Editor").
 */
export function usePendingEditNavigation(type: ContentType): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || navigation.formMethod) return false;
  const prefix = `${CONTENT_REGISTRY[type].adminPath}/`;
  const path = navigation.location.pathname;
  if (!path.startsWith(prefix)) return false;
  const rest = path.slice(prefix.length).replace(/\/$/, "");
  return rest !== "" && rest !== "new" && !rest.includes("/");
}

export function EditLoadingPlaceholder({ type }: { type: ContentType }) {
  return (
    <div className="space-y-6" aria-busy="true">
      <p role="status" className="text-muted-foreground">
        {adminTexts(type).loadingEdit}
      </p>
      <div className="grid gap-6 lg:grid-cols-3">
        {/* The editor's two columns: the details card, and the publishing card. */}
        <SkeletonCard className="lg:col-span-2" titleWidth="w-40" fields={["h-9", "h-20", "h-40"]} />
        <SkeletonCard titleWidth="w-28" fields={["h-9", "h-9"]} />
      </div>
    </div>
  );
}

function SkeletonCard({ className, titleWidth, fields }: { className?: string; titleWidth: string; fields: string[] }) {
  return (
    <Card className={className}>
      <CardHeader>
        <Skeleton className={`h-5 ${titleWidth}`} />
      </CardHeader>
      <CardContent className="space-y-4">
        {fields.map((height, index) => (
          <Skeleton key={index} className={`${height} w-full`} />
        ))}
      </CardContent>
    </Card>
  );
}
