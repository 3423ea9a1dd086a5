import type { GrantTreeNode, RoleRecord } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Divider,
  Drawer,
  Flex,
  Skeleton,
  Tag,
  Tooltip,
  Tree,
  type TreeDataNode,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { permissionTreeQuery, rolePermissionsQuery, useSaveGrants } from '../api/roles';
import { buttonKind, indexTree, knownKeys, toggleNode } from '../tree';
import { DataRulesPanel } from './DataRulesPanel';

/** A node's title: its menu title in the language (the server's English title as the fallback). */
function useNodeTitle() {
  const { t } = useTranslation('menu');
  return (node: GrantTreeNode) => {
    const key = node.titleKey?.replace(/^menu\./, '');
    return key ? String(t(key as 'home', { defaultValue: node.title })) : node.title;
  };
}

/**
 * The authorization drawer: the whole menu and button tree, checkable (buttons tagged Hide or
 * Disable by how they are guarded), saved as the role's grants; a list's menu, selected, shows its
 * data rules and which of them the role applies.
 */
export function RoleAuthDrawer({ role, onClose }: { role: RoleRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('role');
  const { message } = App.useApp();
  const mobile = useMediaQuery(MOBILE_SCREEN);
  const title = useNodeTitle();
  const tree = useQuery({ ...permissionTreeQuery(), enabled: role !== null });
  const grants = useQuery({ ...rolePermissionsQuery(role?.id ?? ''), enabled: role !== null });
  const save = useSaveGrants();
  const index = useMemo(() => indexTree(tree.data?.treeList ?? []), [tree.data]);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [loaded, setLoaded] = useState<Set<string>>(new Set());
  const [selected, setSelected] = useState<GrantTreeNode | null>(null);

  // Each opening (and each save) starts from what the server holds.
  useEffect(() => {
    if (!grants.data || !tree.data) return;
    const known = knownKeys(index, grants.data);
    setChecked(known);
    setLoaded(known);
  }, [grants.data, tree.data, index]);
  useEffect(() => {
    if (!role) setSelected(null);
  }, [role]);

  const dirty = checked.size !== loaded.size || [...checked].some((k) => !loaded.has(k));
  const zh = i18n.language === 'zh-CN';

  const treeData = useMemo(() => {
    const toData = (node: GrantTreeNode): TreeDataNode => {
      const kind = buttonKind(node);
      return {
        key: node.key,
        title: (
          <span data-testid={`perm-${node.perms ?? node.key}`}>
            {title(node)}{' '}
            {kind ? (
              <Tooltip title={t(kind === 'hide' ? 'auth.hideHint' : 'auth.disableHint')}>
                <Tag
                  color={kind === 'hide' ? 'default' : 'orange'}
                  data-testid={`perm-kind-${node.perms ?? node.key}`}
                >
                  {t(kind === 'hide' ? 'auth.hide' : 'auth.disable')}
                </Tag>
              </Tooltip>
            ) : null}
            {node.dataRules ? <Tag color="blue">{t('auth.dataRules')}</Tag> : null}
            {node.status === 0 ? <Tag>{t('auth.off')}</Tag> : null}
          </span>
        ),
        children: node.children?.map(toData),
      };
    };
    return (tree.data?.treeList ?? []).map(toData);
  }, [tree.data, t, title]);

  const onSave = () => {
    if (!role) return;
    save.mutate(
      { roleId: role.id, permissionIds: [...checked], lastPermissionIds: [...loaded] },
      { onSuccess: () => void message.success(t('auth.saved')) },
    );
  };

  return (
    <Drawer
      open={role !== null}
      onClose={onClose}
      title={
        role ? t('auth.drawerTitle', { name: zh ? role.roleNameZh : role.roleName, code: role.roleCode }) : ''
      }
      width={mobile ? '100%' : 760}
      destroyOnHidden
      data-testid="role-auth-drawer"
      footer={
        <Flex gap={8} justify="space-between" wrap>
          <Flex gap={8}>
            <Button onClick={() => setChecked(new Set(index.nodes.keys()))} data-testid="role-auth-check-all">
              {t('auth.checkAll')}
            </Button>
            <Button onClick={() => setChecked(new Set())} data-testid="role-auth-clear">
              {t('auth.clear')}
            </Button>
          </Flex>
          <Flex gap={8} align="center">
            {dirty ? <Tag color="warning">{t('auth.unsaved')}</Tag> : null}
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={save.isPending} onClick={onSave} data-testid="role-auth-save">
              {t('save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Alert type="info" showIcon title={t('auth.hint')} style={{ marginBottom: 12 }} />
      {tree.isPending || grants.isPending ? (
        <Skeleton active />
      ) : (
        <Tree
          checkable
          checkStrictly
          defaultExpandAll
          blockNode
          treeData={treeData}
          checkedKeys={{ checked: [...checked], halfChecked: [] }}
          onCheck={(_, info) => setChecked(toggleNode(index, checked, String(info.node.key), info.checked))}
          selectedKeys={selected ? [selected.key] : []}
          onSelect={(keys) => setSelected(index.nodes.get(String(keys[0])) ?? null)}
          data-testid="role-auth-tree"
        />
      )}
      <Divider />
      {role && selected?.dataRules ? (
        <DataRulesPanel
          role={role}
          permission={selected}
          menuTitle={title(selected)}
          granted={loaded.has(selected.key)}
        />
      ) : (
        <Alert type="info" title={selected ? t('rules.none') : t('rules.pick')} />
      )}
    </Drawer>
  );
}
