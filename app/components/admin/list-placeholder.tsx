import type { ReactNode } from "react";

import { Card, CardContent } from "~/components/ui/card";

/**
 * What an admin list shows instead of its table (PRODUCT.md "Admin list messages"): the failure, or the
 * empty state with 'Try a different search.' while searching and the create link otherwise.
 */
export function ListPlaceholder({
  error,
  empty,
  searching,
  createFirst,
}: {
  error: string | null;
  empty: string;
  searching: boolean;
  createFirst: ReactNode;
}) {
  if (error) {
    return (
      <Card>
        <CardContent className="py-6 text-center text-destructive" role="alert">
          {error}. Please try again.
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <p className="text-lg font-medium">{empty}</p>
        {searching ? <p className="text-sm text-muted-foreground">Try a different search.</p> : createFirst}
      </CardContent>
    </Card>
  );
}
