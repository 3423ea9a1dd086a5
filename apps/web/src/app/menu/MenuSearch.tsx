import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuLeaves } from './menu-tree';
import { useOpenMenuItem } from './SideMenu';
import { useMenuTitle, useUserMenu } from './use-menu';

/** Type to find a screen of the menu and go there. */
export function MenuSearch({ width = 180 }: { width?: number }) {
  const { t } = useTranslation('layout');
  const title = useMenuTitle();
  const { visible } = useUserMenu();
  const open = useOpenMenuItem();
  const leaves = menuLeaves(visible);
  return (
    <Select
      showSearch={{
        filterOption: (input, option) => (option?.label ?? '').toLowerCase().includes(input.toLowerCase()),
      }}
      value={null}
      placeholder={
        <span>
          <SearchOutlined /> {t('menuSearch.placeholder')}
        </span>
      }
      notFoundContent={t('menuSearch.empty')}
      options={leaves.map((item) => ({ value: item.path, label: title(item) }))}
      onChange={(path: string | null) => {
        const item = leaves.find((leaf) => leaf.path === path);
        if (item) open(item);
      }}
      style={{ width }}
      popupMatchSelectWidth={false}
      data-testid="menu-search"
      aria-label={t('menuSearch.placeholder')}
    />
  );
}
