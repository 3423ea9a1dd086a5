import { CHUNK_LOAD_TIMEOUT_MS } from '@switchboard/contracts';
import { i18n } from '@/lib/i18n';

/** A page chunk did not arrive in time (told apart from render errors by its class, not its text). */
export class ChunkTimeoutError extends Error {
  override name = 'ChunkTimeoutError';
}

/** A page chunk that has not arrived after 120 s counts as failed (spec section 9): the screen offers a retry. */
export function withChunkTimeout<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new ChunkTimeoutError(i18n.t('errors.chunkTimeout'))),
        CHUNK_LOAD_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([load(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };
}
