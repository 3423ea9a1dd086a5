import { SoundOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchIvrAudio } from '../api/files';

/**
 * Play: fetches the file's WAV (with the session's header) and shows an `<audio>` over it; the
 * browser reads its duration from the file. The object URL is released when it closes.
 */
export function AudioPlayer({ fileId, name }: { fileId: string; name: string }) {
  const { t } = useTranslation('ivr');
  const [url, setUrl] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');

  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  if (url) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a spoken prompt; its text is in the row
      <audio
        src={url}
        controls
        autoPlay
        preload="auto"
        style={{ maxWidth: '100%', height: 32 }}
        aria-label={t('files.playing', { name })}
        data-testid="ivr-audio"
      />
    );
  }
  return (
    <Space size={4}>
      <Button
        size="small"
        icon={<SoundOutlined />}
        loading={state === 'loading'}
        onClick={async () => {
          setState('loading');
          try {
            setUrl(URL.createObjectURL(await fetchIvrAudio(fileId)));
            setState('idle');
          } catch {
            setState('failed');
          }
        }}
        data-testid="ivr-play"
      >
        {t('files.play')}
      </Button>
      {state === 'failed' ? <Typography.Text type="danger">{t('files.playFailed')}</Typography.Text> : null}
    </Space>
  );
}
