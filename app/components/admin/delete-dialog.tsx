import { ConfirmDialog } from "./confirm-dialog";

/** PRODUCT.md "Admin lists": delete asks for confirmation, naming the item. */
export function DeleteDialog({
  noun,
  itemTitle,
  onConfirm,
  onClose,
}: {
  /** 'video', 'blog post'. */
  noun: string;
  /** The item to delete; null keeps the dialog closed. */
  itemTitle: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      open={itemTitle != null}
      title={<>Delete this {noun}?</>}
      description={<>&ldquo;{itemTitle}&rdquo; will be permanently deleted. This cannot be undone.</>}
      confirmLabel="Delete"
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
