import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHomePath } from '@/features/user';
import { findByPath, flattenMenu } from '@/lib/menu-tree';
import { useMenuTitle, useUserMenu } from './use-menu';

/** Home / group / screen, from the menu tree. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const { t } = useTranslation('menu');
  const { permitted } = useUserMenu();
  const title = useMenuTitle();
  const home = useHomePath();
  const found = findByPath(permitted, pathname);
  if (!found) return null;
  const byPath = new Map(flattenMenu(permitted).map(({ item }) => [item.path, item]));
  const trail = [...found.parents.map((p) => byPath.get(p)), found.item].filter((x) => x !== undefined);
  return (
    <Breadcrumb
      style={{ marginBottom: 16 }}
      data-testid="breadcrumb"
      items={[
        {
          key: 'home',
          title: (
            <Link to={home.path} aria-label={t('home')}>
              <HomeOutlined />
            </Link>
          ),
        },
        ...trail.map((item) => ({ key: item.path, title: title(item) })),
      ]}
    />
  );
}
