import {
  MENU_COMPONENTS,
  MENU_GROUP_COMPONENT,
  MENU_ICONS,
  MENU_SORT_MAX,
  MENU_SORT_MIN,
  MENU_TYPE,
  type MenuType,
  type PermissionRecord,
  type PermissionTreeOption,
  permissionInputSchema,
  translateError,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { iconFor } from '@/components/menu-icons';
import { useEntityForm } from '@/components/use-entity-form';
import { currentLocale } from '@/lib/i18n';
import { isPermsFree, menuOptionsQuery, useSaveMenu } from '../api/menus';
import {
  fieldsOf,
  inputOf,
  type MenuFormValues,
  type NewRowPlace,
  newValues,
  parentChoices,
  type TitleTranslator,
  titleIn,
  typesUnder,
  valuesOf,
} from '../menu-form';

/** What the form is open for: a row to edit, or where a new one goes. */
export type MenuFormTarget = { row: PermissionRecord } | NewRowPlace;

const isEdit = (target: MenuFormTarget | null): target is { row: PermissionRecord } =>
  target !== null && 'row' in target;

/**
 * Add or edit a menu, sub menu or button: every field of a menu row, those of its type shown
 * (a button: its code and strategy; a menu: path, screen, icon…), the screen and the icon chosen
 * from what the console has.
 */
export function MenuFormModal({
  target,
  translate,
  onClose,
}: {
  target: MenuFormTarget | null;
  translate: TitleTranslator;
  onClose: () => void;
}) {
  const { t } = useTranslation('menuAdmin');
  const save = useSaveMenu();
  const open = target !== null;
  const original = isEdit(target) ? target.row : null;
  const options = useQuery({ ...menuOptionsQuery(), enabled: open });
  const labels: Record<keyof MenuFormValues & string, string> = {
    menuType: t('fields.menuType'),
    parentId: t('fields.parentId'),
    name: t('fields.name'),
    nameZh: t('fields.nameZh'),
    path: t('fields.path'),
    componentName: t('fields.componentName'),
    component: t('fields.component'),
    redirect: t('fields.redirect'),
    icon: t('fields.icon'),
    url: t('fields.url'),
    internalOrExternal: t('fields.internalOrExternal'),
    hidden: t('fields.hidden'),
    alwaysShow: t('fields.alwaysShow'),
    keepAlive: t('fields.keepAlive'),
    sortNo: t('fields.sortNo'),
    perms: t('fields.perms'),
    permsType: t('fields.permsType'),
    status: t('fields.status'),
  };
  const entity = useEntityForm<MenuFormValues, MenuFormTarget>({
    open,
    editing: target,
    valuesOf: (editing) =>
      isEdit(editing) ? valuesOf(editing.row, translate) : newValues(editing ?? { parent: null }),
    schema: permissionInputSchema,
    labels,
    save: (values) => save.mutateAsync({ id: original?.id, input: inputOf(values, original, translate) }),
    successMessage: t('saved'),
    onClose,
    errorCodeFields: {
      PERMISSION_CODE_TAKEN: 'perms',
      PERMISSION_BUILT_IN_CODE: 'perms',
      PERMISSION_PATH_TAKEN: 'path',
      PERMISSION_PARENT_INVALID: 'parentId',
      PERMISSION_PARENT_CYCLE: 'parentId',
      PERMISSION_BUTTON_WITH_CHILDREN: 'menuType',
    },
  });
  const { form, rule } = entity;
  const menuType = (Form.useWatch('menuType', form) ?? MENU_TYPE.topMenu) as MenuType;
  const url = Form.useWatch('url', form) as string | undefined;
  const fields = fieldsOf(menuType);
  const locale = currentLocale();

  // Types offered: what the place allows (editing: any type, the server checks the parent).
  const types: MenuType[] = isEdit(target)
    ? [MENU_TYPE.topMenu, MENU_TYPE.subMenu, MENU_TYPE.button]
    : typesUnder(target?.parent ?? null);
  type ParentNode = { value: string; title: string; children?: ParentNode[] };
  const toTree = (nodes: PermissionTreeOption[]): ParentNode[] =>
    nodes.map((n) => ({
      value: n.key,
      title: titleIn({ name: n.title, nameZh: n.title, titleKey: n.titleKey }, locale, translate),
      ...(n.children ? { children: toTree(n.children) } : {}),
    }));
  const parents = toTree(parentChoices(options.data ?? [], original?.id));

  // The live check of a code (the save checks again).
  const permsFree = {
    validateTrigger: 'onBlur',
    validator: async (_: unknown, value: unknown) => {
      const perms = typeof value === 'string' ? value.trim() : '';
      if (perms === '' || original?.perms === perms) return;
      if (!(await isPermsFree({ perms, ...(original ? { id: original.id } : {}) })))
        throw new Error(translateError('PERMISSION_CODE_TAKEN', locale, { perms }));
    },
  };

  return (
    <FormModal
      entity={entity}
      title={original ? t('editTitle', { name: titleIn(original, locale, translate) }) : t('createTitle')}
      width={760}
      testId="perm-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="menuType" label={labels.menuType} rules={[rule('menuType')]}>
            <Radio.Group
              data-testid="perm-type"
              onChange={(e) => {
                if (e.target.value === MENU_TYPE.topMenu) form.setFieldValue('parentId', null);
              }}
            >
              {types.map((type) => (
                <Radio.Button key={type} value={type} data-testid={`perm-type-${type}`}>
                  {t(`types.${type}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {fields.parent ? (
            <Form.Item name="parentId" label={labels.parentId} rules={[rule('parentId')]}>
              <TreeSelect
                treeData={parents}
                showSearch
                treeNodeFilterProp="title"
                loading={options.isPending}
                data-testid="perm-parent"
              />
            </Form.Item>
          ) : null}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={labels.name}
            rules={[rule('name')]}
            extra={original?.titleKey ? t('hints.titleKey') : undefined}
          >
            <Input maxLength={128} data-testid="perm-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="nameZh" label={labels.nameZh} rules={[rule('nameZh')]}>
            <Input maxLength={128} data-testid="perm-name-zh" />
          </Form.Item>
        </Col>
        {fields.route ? (
          <>
            <Col xs={24} md={12}>
              <Form.Item name="path" label={labels.path} rules={[rule('path')]} extra={t('hints.path')}>
                <Input maxLength={255} data-testid="perm-path" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="component"
                label={labels.component}
                rules={[rule('component')]}
                extra={url ? t('hints.url') : t('hints.component')}
              >
                <Select
                  showSearch
                  allowClear
                  data-testid="perm-component"
                  options={MENU_COMPONENTS.map((key) => ({
                    value: key,
                    label: key === MENU_GROUP_COMPONENT ? `${t('groupComponent')} · ${key}` : key,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="componentName"
                label={labels.componentName}
                rules={[rule('componentName')]}
                extra={t('hints.componentName')}
              >
                <Input maxLength={128} data-testid="perm-route-name" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="redirect" label={labels.redirect} rules={[rule('redirect')]}>
                <Input maxLength={255} data-testid="perm-redirect" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="icon" label={labels.icon} rules={[rule('icon')]}>
                <Select
                  showSearch
                  allowClear
                  placeholder={t('noIcon')}
                  data-testid="perm-icon"
                  options={MENU_ICONS.map((icon) => ({
                    value: icon,
                    title: icon,
                    label: (
                      <Space>
                        {iconFor(icon)}
                        {icon}
                      </Space>
                    ),
                  }))}
                  optionFilterProp="value"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="url" label={labels.url} rules={[rule('url')]} extra={t('hints.url')}>
                <Input maxLength={512} data-testid="perm-url" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="internalOrExternal" label={labels.internalOrExternal}>
                <Radio.Group disabled={!url}>
                  <Radio value={false}>{t('linkModes.internal')}</Radio>
                  <Radio value={true}>{t('linkModes.external')}</Radio>
                </Radio.Group>
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Space size="large" wrap>
                <Form.Item name="hidden" label={labels.hidden} valuePropName="checked">
                  <Switch data-testid="perm-hidden" />
                </Form.Item>
                <Form.Item name="alwaysShow" label={labels.alwaysShow} valuePropName="checked">
                  <Switch data-testid="perm-always-show" />
                </Form.Item>
                <Form.Item name="keepAlive" label={labels.keepAlive} valuePropName="checked">
                  <Switch data-testid="perm-keep-alive" />
                </Form.Item>
              </Space>
            </Col>
          </>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item
            name="perms"
            label={labels.perms}
            rules={[rule('perms'), permsFree]}
            validateTrigger={['onChange', 'onBlur']}
            extra={original?.builtIn ? t('builtInHint') : t('hints.perms')}
          >
            <Input maxLength={255} disabled={original?.builtIn === true} data-testid="perm-perms" />
          </Form.Item>
        </Col>
        {fields.strategy ? (
          <Col xs={24} md={12}>
            <Form.Item name="permsType" label={labels.permsType} rules={[rule('permsType')]}>
              <Radio.Group data-testid="perm-perms-type">
                <Radio value="1">{t('strategies.1')}</Radio>
                <Radio value="2">{t('strategies.2')}</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={12} md={6}>
          <Form.Item name="sortNo" label={labels.sortNo} rules={[rule('sortNo')]} extra={t('hints.sortNo')}>
            <InputNumber min={MENU_SORT_MIN} max={MENU_SORT_MAX} precision={0} data-testid="perm-sort" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="status"
            label={labels.status}
            valuePropName="checked"
            getValueProps={(value: number) => ({ checked: value === 1 })}
            normalize={(checked: boolean) => (checked ? 1 : 0)}
          >
            <Switch data-testid="perm-status" />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
