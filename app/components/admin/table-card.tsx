import type { ReactNode } from "react";

import { Card, CardContent } from "~/components/ui/card";

/** An admin page's table on a card, or, with no rows, one line on the card that says so. */
export function TableCard({ empty, children }: { empty: string | null; children: ReactNode }) {
  return (
    <Card spacing="flush">
      <CardContent flush>{empty ? <p className="px-5 py-10 text-center text-muted-foreground">{empty}</p> : children}</CardContent>
    </Card>
  );
}
