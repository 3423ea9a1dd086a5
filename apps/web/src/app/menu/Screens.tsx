import { useOutletContext } from 'react-router';
import { MultiTabs } from '../tabs/MultiTabs';
import { Breadcrumbs } from './Breadcrumbs';
import MenuScreen from './MenuScreen';

/** What the signed-in frame tells the screens below it (`<Outlet context>`). */
export interface ScreensContext {
  /** Multi-page tabs: on in the settings and not on a phone. */
  tabs: boolean;
}

/**
 * Every signed-in screen goes through this one splat route: the multi-page tabs stay mounted
 * while the address changes (home redirects included), and each tab's page routes under a `*`
 * path, as React Router expects of descendant `<Routes>`.
 */
export default function Screens() {
  const { tabs } = useOutletContext<ScreensContext>();
  if (tabs) return <MultiTabs />;
  return (
    <>
      <Breadcrumbs />
      <MenuScreen />
    </>
  );
}
