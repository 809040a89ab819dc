import { Link } from "react-router";

import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

import { ON_NAVY_FOCUS } from "./brand";

/** The MarketWire wordmark, linking home (PRODUCT.md "Header"). Its accessible name is "MarketWire". */
export function Logo({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn("group flex items-center gap-2 rounded-md", ON_NAVY_FOCUS, className)}>
      <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-md bg-emerald-500 text-[#0b1a33] shadow-sm">
        <Icon name="trending-up" className="size-5" strokeWidth={2.5} />
      </span>
      <span className="text-lg font-bold tracking-tight text-white">
        Market<span className="text-sky-300">Wire</span>
      </span>
    </Link>
  );
}
