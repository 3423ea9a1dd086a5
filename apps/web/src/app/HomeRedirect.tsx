import { Navigate } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { useHomePath } from '@/features/user';

/** `/` and `/dashboard/workplace`: the user's home (agent home for agents' departments). */
export function HomeRedirect() {
  const home = useHomePath();
  if (home.pending) return <PageLoading />;
  return <Navigate to={home.path} replace />;
}
