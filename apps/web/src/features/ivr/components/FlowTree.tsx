import type { IvrActionInput, IvrNodeInput } from '@switchboard/contracts';
import { Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The flow drawn as a tree from its first node: each node's keys and what they do; a `goto`
 * opens the node it names below it, once (a node already on the path is shown as a loop).
 */
export function FlowTree({ nodes, fileNames }: { nodes: IvrNodeInput[]; fileNames: Map<string, string> }) {
  const { t } = useTranslation('ivr');
  const byId = new Map(nodes.map((n) => [n.id, n]));

  const actionText = (a: IvrActionInput) =>
    a.type === 'goto'
      ? t('flows.tree.goto', { node: a.node })
      : a.type === 'transfer'
        ? t('flows.tree.transfer', { number: a.number })
        : t('flows.tree.end', { result: a.result || '—' });

  const build = (node: IvrNodeInput, path: string[], key: string): TreeDataNode => {
    const prompt = node.fileId ? (fileNames.get(node.fileId) ?? '?') : t('flows.noPrompt');
    const seen = [...path, node.id];
    const child = (label: string, action: IvrActionInput, k: string): TreeDataNode => {
      const next = action.type === 'goto' ? byId.get(action.node) : undefined;
      if (next && !seen.includes(next.id)) {
        const sub = build(next, seen, `${k}-n`);
        return { key: k, title: `${label} → ${sub.title as string}`, children: sub.children ?? [] };
      }
      return {
        key: k,
        title: `${label} → ${actionText(action)}${next ? ` (${t('flows.tree.loop')})` : ''}`,
        isLeaf: true,
      };
    };
    return {
      key,
      title: t('flows.tree.node', { id: node.id, prompt, repeat: node.repeat, timeout: node.timeoutS }),
      children: [
        ...node.branches.map((b, i) => child(t('flows.tree.key', { key: b.key }), b.action, `${key}-b${i}`)),
        child(t('flows.noKey'), node.noKey, `${key}-none`),
      ],
    };
  };

  const first = nodes[0];
  if (!first) return null;
  return (
    <Tree
      treeData={[build(first, [], 'root')]}
      defaultExpandAll
      showLine
      selectable={false}
      data-testid="ivr-flow-tree"
    />
  );
}
