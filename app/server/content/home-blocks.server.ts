/**
 * The home page reads several short lists of one table in a single UNION ALL statement (PRODUCT.md "Speed").
 * Each row carries its list's name (`block`) and its place in that list (`position`), since a union does not
 * keep the order of its parts.
 */
export function rowsByBlock<Block extends string, Row extends { block: Block; position: number }>(
  rows: Row[],
): Map<Block, Omit<Row, "block" | "position">[]> {
  const blocks = new Map<Block, Row[]>();
  for (const row of [...rows].sort((a, b) => a.position - b.position)) {
    const list = blocks.get(row.block);
    if (list) list.push(row);
    else blocks.set(row.block, [row]);
  }
  const result = new Map<Block, Omit<Row, "block" | "position">[]>();
  for (const [block, list] of blocks)
    result.set(
      block,
      list.map(({ block: _block, position: _position, ...rest }) => rest),
    );
  return result;
}
