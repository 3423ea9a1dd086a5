import type { Envelope, IvrFile, IvrFlow, IvrNodeInput, Locale, Trunk } from '@switchboard/contracts';
import { writeWav } from '@switchboard/voice';
import type { CallResult, TestServer } from '../harness';
import { EN, expectOk, uniqueName } from './api';

/**
 * What the voice test files set up alike: prompts (a tone as a WAV, uploaded as the console
 * uploads it), a one-prompt IVR flow, a trunk.
 */

/** `seconds` of a sine tone at `freq` Hz, 16-bit samples at `rate`, `channels` interleaved. */
export function tone(
  freq: number,
  rate: number,
  seconds: number,
  amplitude: number,
  channels = 1,
): Int16Array {
  const frames = Math.round(rate * seconds);
  const out = new Int16Array(frames * channels);
  for (let i = 0; i < frames; i += 1)
    for (let c = 0; c < channels; c += 1)
      out[i * channels + c] = Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * freq * i) / rate));
  return out;
}

/** A short prompt: `seconds` of a 440 Hz tone as an 8 kHz 16-bit mono WAV. */
export const promptWav = (seconds = 0.4): Uint8Array => writeWav(tone(440, 8000, seconds, 0.25), 8000);

/**
 * An upload to the IVR files as the console sends it: multipart, the file in the part `file`
 * (null: a form without one); `query` names it (name, language, companyId).
 */
export async function uploadIvrFile(
  s: TestServer,
  token: string,
  query: Record<string, string>,
  file: { bytes: Uint8Array; name: string } | null,
  locale: Locale = EN,
): Promise<CallResult<IvrFile>> {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  else form.append('other', 'x');
  const response = await fetch(`${s.baseUrl}/api/voip/ivrFile/upload?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { 'X-Access-Token': token, 'X-Locale': locale },
    body: form,
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Envelope<IvrFile>,
  };
}

/**
 * An IVR flow of the company of the user whose `token` it is: one node playing a fresh upload of
 * promptWav() once, one second for a key; `node` sets its branches and what no key does (ends
 * the call as 'heard' unless set).
 */
export async function promptFlow(
  s: TestServer,
  token: string,
  node: Partial<Pick<IvrNodeInput, 'branches' | 'noKey'>> = {},
): Promise<IvrFlow> {
  const file = expectOk(
    await uploadIvrFile(
      s,
      token,
      { name: uniqueName('prompt'), language: 'en' },
      { bytes: promptWav(), name: 'prompt.wav' },
    ),
  );
  const nodes: IvrNodeInput[] = [
    {
      id: 'start',
      fileId: file.id,
      repeat: 1,
      timeoutS: 1,
      branches: [],
      noKey: { type: 'end', result: 'heard' },
      ...node,
    },
  ];
  return expectOk(
    await s.call<IvrFlow>('POST', '/voip/ivrFlow/add', { token, body: { name: uniqueName('flow'), nodes } }),
  );
}

/** A trunk added by staff (`token`), named afresh; `body` its other fields. */
export async function addTrunk(s: TestServer, token: string, body: Record<string, unknown>): Promise<Trunk> {
  return expectOk(
    await s.call<Trunk>('POST', '/voip/trunk/add', {
      token,
      body: { name: uniqueName('trunk', '-'), ...body },
    }),
  );
}
