import { Button, Result } from 'antd';
import { Component, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/components/PageLoading';
import { ChunkTimeoutError } from '../chunk-timeout';

function LoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('errors.chunkFailed')}
      subTitle={error.message}
      extra={
        <Button type="primary" onClick={onRetry} data-testid="chunk-retry">
          {t('actions.retry')}
        </Button>
      }
    />
  );
}

const CHUNK_FAILURE =
  /dynamically imported module|importing a module script failed|error loading dynamically/i;

function isChunkFailure(error: Error | null): boolean {
  return error !== null && (error instanceof ChunkTimeoutError || CHUNK_FAILURE.test(error.message));
}

interface Props {
  children: ReactNode;
  /** Called before retrying (drops the failed lazy component). */
  onRetry: () => void;
}

/** A page that fails to load or render shows a retry button instead of a blank screen. */
export class ScreenBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  retry = () => {
    // Browsers remember a module that failed to load: a chunk needs a fresh page to load again.
    // Other failures (a render error) get a fresh mount.
    if (isChunkFailure(this.state.error)) {
      window.location.reload();
      return;
    }
    this.props.onRetry();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <LoadFailed error={this.state.error} onRetry={this.retry} />;
    return <Suspense fallback={<PageLoading />}>{this.props.children}</Suspense>;
  }
}
