import { SoundOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchIvrAudio } from '../api/files';

/** What is playing: one file at a time, its WAV as an object URL (released when it changes). */
export interface Playing {
  id: string;
  url: string;
}

export function usePlaying() {
  const [playing, setPlaying] = useState<Playing | null>(null);
  useEffect(
    () => () => {
      if (playing) URL.revokeObjectURL(playing.url);
    },
    [playing],
  );
  return [playing, setPlaying] as const;
}

/**
 * Play: fetches the file's WAV with the session's header (an `<audio src>` cannot send it) and
 * hands its object URL on; the list shows the player under the file's name, as wide as the row.
 */
export function PlayButton({ fileId, onLoaded }: { fileId: string; onLoaded: (p: Playing) => void }) {
  const { t } = useTranslation('ivr');
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  return (
    <Tooltip
      title={state === 'failed' ? t('files.playFailed') : undefined}
      open={state === 'failed' ? undefined : false}
    >
      <Button
        size="small"
        icon={<SoundOutlined />}
        danger={state === 'failed'}
        loading={state === 'loading'}
        aria-label={t('files.play')}
        onClick={async () => {
          setState('loading');
          try {
            onLoaded({ id: fileId, url: URL.createObjectURL(await fetchIvrAudio(fileId)) });
            setState('idle');
          } catch {
            setState('failed');
          }
        }}
        data-testid="ivr-play"
      />
    </Tooltip>
  );
}

export function AudioPlayer({ playing, name }: { playing: Playing; name: string }) {
  const { t } = useTranslation('ivr');
  return (
    // biome-ignore lint/a11y/useMediaCaption: a spoken prompt; its text is shown beside it
    <audio
      key={playing.url}
      src={playing.url}
      controls
      autoPlay
      preload="auto"
      style={{ display: 'block', width: '100%', minWidth: 160, maxWidth: 360, height: 36, marginTop: 4 }}
      aria-label={t('files.playing', { name })}
      data-testid="ivr-audio"
    />
  );
}
