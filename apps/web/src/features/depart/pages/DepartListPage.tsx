import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import type { DepartTreeNode } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Empty, Flex, Input, Popconfirm, Row, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { Can } from '@/components/Can';
import { useLocale } from '@/lib/i18n';
import { departTreeQuery, useDeleteDepart } from '../api/departs';
import { DepartFormModal, type DepartFormTarget } from '../components/DepartFormModal';

export const DEPART_PERMISSIONS = {
  add: 'system:depart:add',
  edit: 'system:depart:edit',
  delete: 'system:depart:delete',
} as const;

interface TreeItem {
  key: string;
  title: string;
  children: TreeItem[];
}

const flatten = (nodes: DepartTreeNode[]): DepartTreeNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children as DepartTreeNode[])]);

/**
 * system/DepartList: the organisation tree with a search (the matching branches), and for the
 * chosen department its details, a sub-department, an edit and a delete (refused, and said why,
 * while users or sub-departments remain).
 */
export default function DepartListPage() {
  const { t } = useTranslation(['system', 'menu']);
  const { message } = App.useApp();
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [target, setTarget] = useState<DepartFormTarget | null>(null);
  const tree = useQuery(departTreeQuery(search));
  const remove = useDeleteDepart();
  const nameOf = (d: DepartTreeNode) =>
    locale === 'zh-CN' ? (d.departNameZh ?? d.departName) : d.departName;

  const all = useMemo(() => flatten(tree.data ?? []), [tree.data]);
  const selected = all.find((d) => d.id === selectedId) ?? null;
  const treeData = useMemo(() => {
    const toItem = (d: DepartTreeNode): TreeItem => ({
      key: d.id,
      title: `${locale === 'zh-CN' ? (d.departNameZh ?? d.departName) : d.departName} (${d.orgCode})`,
      children: (d.children as DepartTreeNode[]).map(toItem),
    });
    return (tree.data ?? []).map(toItem);
  }, [tree.data, locale]);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12} lg={10}>
        <Card
          title={t('menu:depart')}
          extra={
            <Can action={DEPART_PERMISSIONS.add}>
              <Button
                icon={<PlusOutlined />}
                onClick={() => setTarget({ kind: 'add', parent: null })}
                data-testid="depart-add-root"
              >
                {t('depart.addRoot')}
              </Button>
            </Can>
          }
        >
          <Input.Search
            allowClear
            placeholder={t('depart.searchPlaceholder')}
            aria-label={t('depart.search')}
            onSearch={(value) => setSearch(value.trim())}
            style={{ marginBottom: 12 }}
            data-testid="depart-search"
          />
          {!tree.data ? null : treeData.length === 0 ? (
            <Empty description={t('depart.empty')} />
          ) : (
            // Mounted afresh for each answer: every branch opens (a search shows its matches).
            <Tree<TreeItem>
              key={`${search}:${tree.dataUpdatedAt}`}
              showLine
              defaultExpandAll
              icon={<ApartmentOutlined />}
              treeData={treeData}
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(keys) => setSelectedId((keys[0] as string | undefined) ?? null)}
              data-testid="depart-tree"
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={12} lg={14}>
        <Card title={t('depart.details')} data-testid="depart-details">
          {selected ? (
            <>
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label={t('depart.departName')}>{selected.departName}</Descriptions.Item>
                <Descriptions.Item label={t('depart.departNameZh')}>
                  {selected.departNameZh}
                </Descriptions.Item>
                <Descriptions.Item label={t('depart.orgCode')}>
                  <span data-testid="depart-org-code">{selected.orgCode}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('depart.agent')}>{selected.agentName}</Descriptions.Item>
                <Descriptions.Item label={t('depart.userCount')}>
                  <span data-testid="depart-user-count">{selected.userCount}</span>
                </Descriptions.Item>
              </Descriptions>
              <Flex gap={8} wrap style={{ marginTop: 16 }}>
                <AddButton
                  permission={DEPART_PERMISSIONS.add}
                  onClick={() => setTarget({ kind: 'add', parent: selected })}
                  testId="depart-add-child"
                >
                  {t('depart.addChild')}
                </AddButton>
                <Can action={DEPART_PERMISSIONS.edit}>
                  <Button
                    onClick={() => setTarget({ kind: 'edit', editing: selected })}
                    data-testid="depart-edit"
                  >
                    {t('depart.edit')}
                  </Button>
                </Can>
                <Can action={DEPART_PERMISSIONS.delete}>
                  <Popconfirm
                    title={t('depart.deleteConfirm', { name: nameOf(selected) })}
                    onConfirm={() =>
                      remove.mutate(selected.id, {
                        onSuccess: () => {
                          setSelectedId(null);
                          void message.success(t('depart.deleted'));
                        },
                      })
                    }
                  >
                    <Button danger loading={remove.isPending} data-testid="depart-delete">
                      {t('depart.delete')}
                    </Button>
                  </Popconfirm>
                </Can>
              </Flex>
            </>
          ) : (
            <Empty description={t('depart.choose')} />
          )}
        </Card>
      </Col>
      <DepartFormModal target={target} nameOf={nameOf} onClose={() => setTarget(null)} />
    </Row>
  );
}
