import * as React from "react";

/**
 * Toasts (sonner), loaded the first time one is shown: most visits never need one, and the library is
 * not part of a public page's first load (PRODUCT.md "Speed"). `notify` is the one way to show a toast.
 */
export type ToastKind = "success" | "error" | "info";

const waiting: (() => void)[] = [];
let toasterReady = false;
let requestToaster: (() => void) | null = null;

const loadSonner = () => import("sonner");

export function notify(kind: ToastKind, title: string, description?: string) {
  const show = () =>
    void loadSonner().then(({ toast }) => {
      const method = kind === "error" ? toast.error : kind === "info" ? toast.info : toast.success;
      method(title, { description });
    });
  if (toasterReady) return show();
  waiting.push(show);
  requestToaster?.();
}

const LazyToaster = React.lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

/** Rendered once by the root; mounts sonner's Toaster when the first toast is wanted. */
export function Toasts({ theme }: { theme: "light" | "dark" | "system" }) {
  const [wanted, setWanted] = React.useState(false);
  React.useEffect(() => {
    requestToaster = () => setWanted(true);
    if (waiting.length > 0) setWanted(true);
    return () => {
      requestToaster = null;
    };
  }, []);
  if (!wanted) return null;
  return (
    <React.Suspense fallback={null}>
      <LazyToaster richColors closeButton position="bottom-right" theme={theme} />
      <ToasterReady />
    </React.Suspense>
  );
}

/** Runs after the Toaster (its earlier sibling) has subscribed, then shows what was waiting. */
function ToasterReady() {
  React.useEffect(() => {
    toasterReady = true;
    for (const show of waiting.splice(0)) show();
  }, []);
  return null;
}
