import { SearchOutlined } from '@ant-design/icons';
import { LOCALES, MENU_TYPE, type PermissionTreeNode } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Space, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { DataTable } from '@/components/DataTable';
import { iconFor } from '@/components/menu-icons';
import { rowActionsColumn } from '@/components/RowActions';
import { loadLocale, useLocale } from '@/lib/i18n';
import { menuTreeQuery, useDeleteMenu } from '../api/menus';
import { MenuFormModal, type MenuFormTarget } from '../components/MenuFormModal';
import { parentKeys, type TitleTranslator, titleIn } from '../menu-form';
import { MENU_PERMISSIONS } from '../permissions';

/**
 * Title keys' texts in either language, whichever is in use: the form shows a built-in row's
 * titles in both. Both languages' texts are loaded first.
 */
function useTitleTranslator(): { translate: TitleTranslator; ready: boolean } {
  const { i18n } = useTranslation('menu');
  const bundles = useQuery({
    queryKey: ['i18n', 'every-locale'],
    queryFn: async () => {
      await Promise.all(LOCALES.map(loadLocale));
      return true;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const translate: TitleTranslator = (locale, titleKey) => {
    const key = titleKey.replace(/^menu\./, '');
    if (!i18n.exists(key, { lng: locale, ns: 'menu', fallbackLng: [] })) return undefined;
    return String(i18n.getFixedT(locale, 'menu')(key as 'home'));
  };
  return { translate, ready: bundles.isSuccess };
}

/** system/PermissionList: the menu tree with its sub menus and buttons; add, edit, delete. */
export default function MenuListPage() {
  const { t } = useTranslation('menuAdmin');
  const { message } = App.useApp();
  const locale = useLocale();
  const [name, setName] = useState('');
  const tree = useQuery(menuTreeQuery({ name }));
  const { translate, ready } = useTitleTranslator();
  const [target, setTarget] = useState<MenuFormTarget | null>(null);
  const [expanded, setExpanded] = useState<readonly React.Key[]>([]);
  const remove = useDeleteMenu();

  // A search shows every match with the menus above it opened.
  useEffect(() => {
    if (name && tree.data) setExpanded(parentKeys(tree.data));
  }, [name, tree.data]);

  const title = (row: PermissionTreeNode) => titleIn(row, locale, translate);

  const columns: TableColumnsType<PermissionTreeNode> = [
    {
      title: t('fields.title'),
      key: 'title',
      render: (_, row) => (
        <Space data-testid={`perm-row-${row.componentName ?? row.id}`}>
          {iconFor(row.icon)}
          <span>{title(row)}</span>
          {row.builtIn ? (
            <Tooltip title={t('builtInHint')}>
              <Tag>{t('builtIn')}</Tag>
            </Tooltip>
          ) : null}
          {row.hidden ? <Tag color="default">{t('hiddenTag')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('fields.menuType'),
      dataIndex: 'menuType',
      width: 110,
      render: (type: number) => (
        <Tag color={type === MENU_TYPE.topMenu ? 'blue' : type === MENU_TYPE.subMenu ? 'green' : 'orange'}>
          {t(`types.${type as 0 | 1 | 2}`)}
        </Tag>
      ),
    },
    {
      title: t('fields.path'),
      dataIndex: 'path',
      responsive: ['md'],
      // A route path is a code, as the component beside it is.
      render: (v: string | null) => (v ? <code>{v}</code> : ''),
    },
    {
      title: t('fields.component'),
      dataIndex: 'component',
      responsive: ['lg'],
      render: (v: string | null, row) => (v ? <code>{v}</code> : (row.url ?? '')),
    },
    {
      title: t('fields.perms'),
      dataIndex: 'perms',
      responsive: ['lg'],
      render: (v: string | null, row) =>
        v ? (
          <Space size={4}>
            <code>{v}</code>
            {row.menuType === MENU_TYPE.button ? (
              <Tag>{t(`strategies.${row.permsType === '2' ? '2' : '1'}`)}</Tag>
            ) : null}
          </Space>
        ) : (
          ''
        ),
    },
    { title: t('fields.sortNo'), dataIndex: 'sortNo', width: 70, align: 'right', responsive: ['md'] },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      width: 80,
      render: (status: number) =>
        status === 1 ? <Tag color="success">{t('statusOn')}</Tag> : <Tag>{t('statusOff')}</Tag>,
    },
    rowActionsColumn<PermissionTreeNode>(t('actions'), (row) => [
      row.menuType !== MENU_TYPE.button && {
        key: 'addChild',
        label: t('addChild'),
        permission: MENU_PERMISSIONS.add,
        disabled: !ready,
        onClick: () => setTarget({ parent: row }),
        testId: `perm-add-child-${row.componentName ?? row.id}`,
      },
      {
        key: 'edit',
        label: t('edit'),
        permission: MENU_PERMISSIONS.edit,
        disabled: !ready,
        onClick: () => setTarget({ row }),
        testId: `perm-edit-${row.componentName ?? row.id}`,
      },
      !row.builtIn && {
        key: 'delete',
        label: t('delete'),
        permission: MENU_PERMISSIONS.delete,
        danger: true,
        confirm: t('deleteConfirm', { name: title(row) }),
        onClick: () =>
          remove.mutate(row.id, {
            onSuccess: () => void message.success(t('deleted')),
          }),
        testId: `perm-delete-${row.componentName ?? row.id}`,
      },
    ]),
  ];

  return (
    <Card title={t('title')} data-testid="menu-admin">
      <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <Form
          name="menuQuery"
          layout="inline"
          onFinish={(values: { name?: string }) => setName(values.name?.trim() ?? '')}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="name" label={t('search')}>
            <Input allowClear placeholder={t('searchPlaceholder')} data-testid="perm-search" />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" icon={<SearchOutlined />} data-testid="perm-search-submit">
              {t('search')}
            </Button>
          </Form.Item>
        </Form>
        <Space wrap>
          <Button onClick={() => setExpanded(parentKeys(tree.data ?? []))}>{t('expandAll')}</Button>
          <Button onClick={() => setExpanded([])}>{t('collapseAll')}</Button>
          <AddButton
            permission={MENU_PERMISSIONS.add}
            onClick={() => setTarget({ parent: null })}
            disabled={!ready}
            testId="perm-add-top"
          >
            {t('addTop')}
          </AddButton>
        </Space>
      </Flex>
      <DataTable<PermissionTreeNode>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={tree.data ?? []}
        loading={tree.isPending || tree.isFetching}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }}
        scroll={{ x: 'max-content' }}
        data-testid="perm-table"
      />
      <MenuFormModal target={target} translate={translate} onClose={() => setTarget(null)} />
    </Card>
  );
}
