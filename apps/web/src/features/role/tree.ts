import type { GrantTreeNode } from '@switchboard/contracts';

/** Who is whose parent and child in the authorization tree. */
export interface TreeIndex {
  parent: Map<string, string | null>;
  children: Map<string, string[]>;
  nodes: Map<string, GrantTreeNode>;
}

export function indexTree(roots: readonly GrantTreeNode[]): TreeIndex {
  const index: TreeIndex = { parent: new Map(), children: new Map(), nodes: new Map() };
  const visit = (node: GrantTreeNode, parent: string | null) => {
    index.parent.set(node.key, parent);
    index.nodes.set(node.key, node);
    index.children.set(
      node.key,
      (node.children ?? []).map((c) => c.key),
    );
    for (const child of node.children ?? []) visit(child, node.key);
  };
  for (const root of roots) visit(root, null);
  return index;
}

/**
 * Checking a node in the tree (checked independently, so a menu can be granted without its
 * buttons): checking one checks its ancestors too (a menu or button is reachable only through
 * them); unchecking one unchecks everything below it (unreachable without it).
 */
export function toggleNode(
  index: TreeIndex,
  checked: ReadonlySet<string>,
  key: string,
  on: boolean,
): Set<string> {
  const next = new Set(checked);
  if (on) {
    for (let k: string | null | undefined = key; k; k = index.parent.get(k)) next.add(k);
  } else {
    const stack = [key];
    while (stack.length) {
      const k = stack.pop() as string;
      next.delete(k);
      stack.push(...(index.children.get(k) ?? []));
    }
  }
  return next;
}

/** Grants the tree no longer has (a node deleted meanwhile) are dropped from what is saved. */
export function knownKeys(index: TreeIndex, keys: Iterable<string>): Set<string> {
  return new Set([...keys].filter((k) => index.nodes.has(k)));
}

/** How a button is guarded: hidden or disabled unless granted; undefined for menus. */
export function buttonKind(
  node: Pick<GrantTreeNode, 'menuType' | 'permsType'>,
): 'hide' | 'disable' | undefined {
  if (node.menuType !== 2) return undefined;
  return node.permsType === '2' ? 'disable' : 'hide';
}
