import {
  IVR_UPLOAD_MAX_BYTES,
  type IvrFile,
  type IvrFlow,
  type IvrNodeInput,
  type Locale,
  type Page,
} from '@switchboard/contracts';
import { g711Decode, readWav, toInt16, writeWav } from '@switchboard/voice';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_IVR, readManifest } from '../src/modules/ivr';
import { rowsOf } from '../src/platform/db';
import { companyId, EN, expectError, expectFieldError, expectOk, text, uniqueName, ZH } from './support/api';
import { SOX, SOX_SKIP_REASON, snrDb, sox, soxTelephonyReference } from './support/sox';
import { apiSuite } from './support/suite';
import { tone, uploadIvrFile } from './support/voice';

/**
 * IVR files and flows (issue 23): text-to-speech and wav uploads converted to 8 kHz G.711 with
 * their duration, the WAV the browser plays, the rules (names, 800 characters, wav only, size),
 * data scope (a company's own; resellers their customers'; staff all), flows with their tree
 * rules, a file in use, `planOf` for the call engine, and the demo's seeded prompts and flow.
 */

const DIRECT = companyId('Direct Retail Ltd'); // customer
const AGENCY_CLIENT = companyId('Agency Client Co'); // agentcustomer, under Acme (agent)

const { s, tokens, call } = apiSuite(['admin', 'sales', 'agent', 'customer', 'customer2', 'agentcustomer']);

/** A 16-bit stereo WAV (writeWav writes mono: the channels are interleaved as its samples at twice the rate, then the header says 2 channels). */
function stereoWav(rate: number, seconds: number): Uint8Array {
  const samples = tone(440, rate, seconds, 0.2, 2);
  const wav = writeWav(samples, rate);
  const v = new DataView(wav.buffer);
  v.setUint16(22, 2, true); // channels
  v.setUint32(28, rate * 4, true); // byte rate
  v.setUint16(32, 4, true); // block align
  return wav;
}

const upload = (
  user: string,
  query: Record<string, string>,
  file: { bytes: Uint8Array; name: string } | null,
  locale: Locale = EN,
) => uploadIvrFile(s(), tokens[user]!, query, file, locale);

async function audioOf(user: string, id: string) {
  const response = await fetch(`${s().baseUrl}/api/voip/ivrFile/audio?id=${id}`, {
    headers: { 'X-Access-Token': tokens[user]! },
  });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

const tts = (user: string, body: Record<string, unknown>, locale: Locale = EN) =>
  call<IvrFile>(user, 'POST', '/voip/ivrFile/tts', { body, locale });

const yesNo = (fileId: string | null): IvrNodeInput[] => [
  {
    id: 'menu',
    fileId,
    repeat: 2,
    timeoutS: 5,
    branches: [
      { key: '1', action: { type: 'end', result: 'yes' } },
      { key: '2', action: { type: 'goto', node: 'sales' } },
      { key: '9', action: { type: 'transfer', number: '+8613800138000' } },
    ],
    noKey: { type: 'end', result: 'no_key' },
  },
  { id: 'sales', fileId, repeat: 1, timeoutS: 3, branches: [], noKey: { type: 'end', result: 'no' } },
];

describe('text-to-speech files', () => {
  it('speaks English and Mandarin into 8 kHz µ-law with a duration, and the same text again comes from the cache', async () => {
    const en = expectOk(
      await tts('customer', { name: uniqueName('hello'), text: 'Hello. Press 1 for yes.', language: 'en' }),
    );
    expect(en).toMatchObject({
      companyId: DIRECT,
      source: 'tts',
      language: 'en',
      text: 'Hello. Press 1 for yes.',
    });
    expect(en.durationMs).toBeGreaterThan(1000);
    expect(en.durationMs).toBeLessThan(10_000);
    expect(Math.abs(en.sizeBytes - en.durationMs * 8)).toBeLessThanOrEqual(8);

    const zh = expectOk(
      await tts('customer', { name: uniqueName('nihao'), text: '您好，确认请按1。', language: 'zh' }),
    );
    expect(zh.durationMs).toBeGreaterThan(1000);

    const cacheRows = async () =>
      Number(
        (
          (await s().app.platform.db.execute(
            sql`select count(*)::int as n from ivr_tts_cache`,
          )) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    const before = await cacheRows();
    const again = expectOk(
      await tts('customer2', { name: uniqueName('again'), text: 'Hello. Press 1 for yes.', language: 'en' }),
    );
    expect(again.durationMs).toBe(en.durationMs);
    expect(await cacheRows()).toBe(before);
  }, 120_000);

  it('answers a WAV the browser plays: 16-bit PCM at 8 kHz, as long as the file', async () => {
    const file = expectOk(
      await tts('customer', { name: uniqueName('play'), text: 'Goodbye.', language: 'en' }),
    );
    const audio = await audioOf('customer', String(file.id));
    expect(audio.status).toBe(200);
    expect(audio.type).toBe('audio/wav');
    const pcm = readWav(audio.bytes);
    expect(pcm.sampleRate).toBe(8000);
    expect(Math.round((pcm.samples.length * 1000) / 8000)).toBe(file.durationMs);
    expect(Math.max(...pcm.samples.map(Math.abs))).toBeGreaterThan(0.5); // normalised to -1 dBFS
  }, 60_000);

  it('refuses bad names, long texts and taken names, in both languages', async () => {
    expectFieldError(
      await tts('customer', { name: 'bad name!', text: 'Hi', language: 'en' }),
      'name',
      text('IVR_FILE_NAME_INVALID', EN),
    );
    expectFieldError(
      await tts('customer', { name: 'bad-name', text: 'Hi', language: 'en' }, ZH),
      'name',
      text('IVR_FILE_NAME_INVALID', ZH),
    );
    const long = await tts('customer', { name: uniqueName('long'), text: 'a'.repeat(801), language: 'en' });
    expectFieldError(long, 'text', /800/);
    expectOk(
      await tts('customer', { name: uniqueName('max'), text: `${'ab '.repeat(266)}ab`, language: 'en' }),
    );
    const name = uniqueName('taken');
    expectOk(await tts('customer', { name, text: 'One.', language: 'en' }));
    expectError(
      await tts('customer', { name: name.toUpperCase(), text: 'Two.', language: 'en' }),
      409,
      'IVR_FILE_NAME_TAKEN',
    );
    expectError(
      await tts('customer', { name, text: 'Two.', language: 'en' }, ZH),
      409,
      'IVR_FILE_NAME_TAKEN',
      { locale: ZH },
    );
    // Another company may use the name.
    expectOk(await tts('customer2', { name, text: 'One.', language: 'en' }));
    expectFieldError(
      await tts('customer', { name: uniqueName('x'), text: 'Hi', language: 'fr' }),
      'language',
      /.+/,
    );
    // NUL and a lone surrogate are refused at the edge, as everywhere (never a server error).
    expectFieldError(
      await tts('customer', { name: uniqueName('odd'), text: 'Hi\u0000 there \ud800 now', language: 'en' }),
      'text',
      /.+/,
    );
    // Line breaks and tabs are read as spaces.
    expectOk(
      await tts('customer', { name: uniqueName('lines'), text: 'Hello.\n\tPress 1.', language: 'en' }),
    );
  }, 180_000);
});

describe('wav uploads', () => {
  it('converts a 44.1 kHz stereo 16-bit wav to 8 kHz with its duration', async () => {
    const res = await upload(
      'customer',
      { name: uniqueName('upload'), language: 'zh' },
      { bytes: stereoWav(44100, 0.5), name: 'hello.wav' },
    );
    const file = expectOk(res);
    expect(file).toMatchObject({
      source: 'upload',
      language: 'zh',
      originalName: 'hello.wav',
      text: null,
      durationMs: 500,
      sizeBytes: 4000,
    });
    const back = readWav((await audioOf('customer', String(file.id))).bytes);
    expect(back.samples.length).toBe(4000);
    // Normalised: a 0.2 full-scale tone comes out near -1 dBFS.
    expect(Math.max(...back.samples.map(Math.abs))).toBeGreaterThan(0.8);
    expect(Math.max(...back.samples.map(Math.abs))).toBeLessThanOrEqual(0.9);
  });

  it('takes µ-law and 8-bit wavs too', async () => {
    const x = toInt16(Float32Array.from({ length: 4000 }, (_, i) => 0.5 * Math.sin(i / 3)));
    const mu = expectOk(
      await upload(
        'customer',
        { name: uniqueName('mulaw') },
        { bytes: writeWav(x, 8000, 'mulaw'), name: 'a.wav' },
      ),
    );
    expect(mu.durationMs).toBe(500);
    expect(mu.language).toBe('en');
  });

  // sox makes the files (rates, widths, encodings and channel counts of the wild) and converts
  // each the way a call should carry it; what the server kept must match that within a tolerance.
  describe.skipIf(!SOX)('files sox made, against sox converting them', () => {
    const kinds: { label: string; args: string[] }[] = [
      { label: '8 kHz 8-bit unsigned mono', args: ['-r', '8000', '-b', '8', '-e', 'unsigned', '-c', '1'] },
      { label: '11.025 kHz 16-bit stereo', args: ['-r', '11025', '-b', '16', '-c', '2'] },
      { label: '16 kHz 16-bit mono', args: ['-r', '16000', '-b', '16', '-c', '1'] },
      { label: '22.05 kHz 24-bit stereo', args: ['-r', '22050', '-b', '24', '-c', '2'] },
      {
        label: '44.1 kHz 32-bit float stereo',
        args: ['-r', '44100', '-b', '32', '-e', 'floating-point', '-c', '2'],
      },
      { label: '48 kHz 32-bit mono', args: ['-r', '48000', '-b', '32', '-c', '1'] },
      { label: '8 kHz A-law mono', args: ['-r', '8000', '-e', 'a-law', '-c', '1'] },
      { label: '44.1 kHz 16-bit 4 channels (extensible)', args: ['-r', '44100', '-b', '16', '-c', '4'] },
    ];
    for (const kind of kinds) {
      it(`${kind.label}: 8 kHz µ-law as sox makes it (SNR > 30 dB)`, async () => {
        // A sweep through the telephone band in each channel (up in some, down in others), 0.6 s.
        const wav = sox([
          '-n',
          ...kind.args,
          '{out}',
          'synth',
          '0.6',
          'sine',
          '300-3000',
          'sine',
          '3000-300',
          'gain',
          '-6',
        ]);
        const file = expectOk(
          await upload('customer', { name: uniqueName('sox') }, { bytes: wav, name: 'sox.wav' }),
        );
        expect(file.durationMs).toBe(600);
        expect(file.sizeBytes).toBe(4800);
        const kept = readWav((await audioOf('customer', String(file.id))).bytes);
        const ours = Int16Array.from(kept.samples, (v) => Math.round(v * 32768));
        const reference = soxTelephonyReference(wav);
        expect(reference.length).toBe(4800);
        expect(snrDb(reference, ours)).toBeGreaterThan(30);
      });
    }
  });
  if (!SOX) it.skip(SOX_SKIP_REASON, () => {});

  it('refuses what is not a wav, an empty wav, no file and a file past the limit', async () => {
    expectError(
      await upload(
        'customer',
        { name: uniqueName('mp3') },
        { bytes: new TextEncoder().encode('ID3\u0004 not a wav'), name: 'a.mp3' },
      ),
      400,
      'IVR_FILE_NOT_WAV',
    );
    expectError(
      await upload(
        'customer',
        { name: uniqueName('mp3') },
        { bytes: new TextEncoder().encode('ID3\u0004 not a wav'), name: 'a.mp3' },
        ZH,
      ),
      400,
      'IVR_FILE_NOT_WAV',
      { locale: ZH },
    );
    expectError(
      await upload(
        'customer',
        { name: uniqueName('empty') },
        { bytes: writeWav(new Int16Array(0), 8000), name: 'e.wav' },
      ),
      400,
      'IVR_FILE_EMPTY',
    );
    expectError(await upload('customer', { name: uniqueName('none') }, null), 400, 'IVR_FILE_REQUIRED');
    const big = new Uint8Array(IVR_UPLOAD_MAX_BYTES + 1024);
    big.set(writeWav(new Int16Array(10), 8000));
    expectError(
      await upload('customer', { name: uniqueName('big') }, { bytes: big, name: 'big.wav' }),
      413,
      'IVR_FILE_TOO_LARGE',
      {
        params: { max: 10 },
      },
    );
    const bad = await upload('customer', { name: 'no way' }, { bytes: stereoWav(8000, 0.1), name: 'a.wav' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('VALIDATION_FAILED');
  });
});

describe('data scope', () => {
  it('a company sees its own files; its reseller and staff see them too; another company does not', async () => {
    const mine = expectOk(
      await upload(
        'agentcustomer',
        { name: uniqueName('scoped') },
        { bytes: stereoWav(16000, 0.2), name: 's.wav' },
      ),
    );
    expect(mine.companyId).toBe(AGENCY_CLIENT);
    const id = String(mine.id);
    for (const user of ['agentcustomer', 'agent', 'admin']) {
      expectOk(await call<IvrFile>(user, 'GET', '/voip/ivrFile/queryById', { query: { id } }));
      const list = expectOk(
        await call<Page<IvrFile>>(user, 'GET', '/voip/ivrFile/list', { query: { name: mine.name } }),
      );
      expect(list.records.map((r) => r.id)).toEqual([id]);
      expect((await audioOf(user, id)).status).toBe(200);
    }
    for (const user of ['customer', 'sales']) {
      expectError(await call(user, 'GET', '/voip/ivrFile/queryById', { query: { id } }), 404, 'NOT_FOUND');
      const list = expectOk(
        await call<Page<IvrFile>>(user, 'GET', '/voip/ivrFile/list', { query: { name: mine.name } }),
      );
      expect(list.records).toEqual([]);
      expect((await audioOf(user, id)).status).toBe(404);
      expectError(await call(user, 'DELETE', '/voip/ivrFile/delete', { query: { id } }), 404, 'NOT_FOUND');
    }
    // A customer may not name another company's id as a filter or a target.
    const other = await call('customer', 'GET', '/voip/ivrFile/list', {
      query: { companyId: AGENCY_CLIENT },
    });
    expect(other.status).toBe(403);
    // Staff make a file for a company they name.
    const staffMade = expectOk(
      await upload(
        'admin',
        { name: uniqueName('staff'), companyId: DIRECT },
        { bytes: stereoWav(8000, 0.1), name: 'x.wav' },
      ),
    );
    expect(staffMade.companyId).toBe(DIRECT);
    expectOk(await call('agentcustomer', 'DELETE', '/voip/ivrFile/delete', { query: { id } }));
    expectError(
      await call('agentcustomer', 'GET', '/voip/ivrFile/queryById', { query: { id } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('flows', () => {
  it('keeps a tree of prompts and keys, checks it, keeps its files from deletion, and plans it with audio', async () => {
    const file = expectOk(
      await upload(
        'customer',
        { name: uniqueName('prompt') },
        { bytes: stereoWav(8000, 0.3), name: 'p.wav' },
      ),
    );
    const fileId = String(file.id);
    const flow = expectOk(
      await call<IvrFlow>('customer', 'POST', '/voip/ivrFlow/add', {
        body: { name: uniqueName('flow'), nodes: yesNo(fileId) },
      }),
    );
    expect(flow.companyId).toBe(DIRECT);
    expect(flow.nodes).toHaveLength(2);

    // The file is in use: not deleted.
    expectError(
      await call('customer', 'DELETE', '/voip/ivrFile/delete', { query: { id: fileId } }),
      409,
      'IVR_FILE_IN_USE',
      {
        params: { flow: flow.name },
      },
    );

    const plan = await s().app.services.ivr.planOf(String(flow.id), { companyId: DIRECT });
    expect(plan.start).toBe('menu');
    expect(plan.codec).toBe('PCMU');
    expect(plan.nodes.menu?.branches['1']).toEqual({ type: 'end', result: 'yes' });
    expect(plan.nodes.menu?.branches['2']).toEqual({ type: 'goto', node: 'sales' });
    expect(plan.nodes.menu?.branches['9']).toEqual({ type: 'transfer', number: '+8613800138000' });
    expect(plan.nodes.menu?.timeoutMs).toBe(5000);
    expect(plan.nodes.menu?.prompt?.audio.length).toBe(2400);
    expect(plan.nodes.sales?.noKey).toEqual({ type: 'end', result: 'no' });
    const alaw = await s().app.services.ivr.planOf(String(flow.id), { codec: 'PCMA' });
    const a = g711Decode(alaw.nodes.menu!.prompt!.audio, 'PCMA');
    const u = g711Decode(plan.nodes.menu!.prompt!.audio, 'PCMU');
    // The same sound in the other law, within a quantisation step.
    for (let i = 0; i < u.length; i += 97)
      expect(Math.abs((a[i] as number) - (u[i] as number))).toBeLessThanOrEqual(
        Math.abs(u[i] as number) / 16 + 16,
      );
    // Another company's task may not play it.
    await expect(
      s().app.services.ivr.planOf(String(flow.id), { companyId: AGENCY_CLIENT }),
    ).rejects.toMatchObject({ status: 404 });

    // Edit: a single node without prompt; then the file may go.
    const edited = expectOk(
      await call<IvrFlow>('customer', 'PUT', '/voip/ivrFlow/edit', {
        body: { id: flow.id, name: flow.name, nodes: [{ ...yesNo(null)[1], id: 'only' }] },
      }),
    );
    expect(edited.nodes.map((n) => n.id)).toEqual(['only']);
    expectOk(await call('customer', 'DELETE', '/voip/ivrFile/delete', { query: { id: fileId } }));
    expectError(
      await call('customer2', 'DELETE', '/voip/ivrFlow/delete', { query: { id: String(flow.id) } }),
      404,
      'NOT_FOUND',
    );
    expectOk(await call('customer', 'DELETE', '/voip/ivrFlow/delete', { query: { id: String(flow.id) } }));
  });

  it('refuses a tree whose branch goes nowhere, repeated keys or ids, and another company’s prompt', async () => {
    const nodes = yesNo(null);
    const nowhere = [{ ...nodes[0]!, branches: [{ key: '1', action: { type: 'goto', node: 'nowhere' } }] }];
    expectFieldError(
      await call('customer', 'POST', '/voip/ivrFlow/add', {
        body: { name: uniqueName('f'), nodes: nowhere },
      }),
      'nodes.0.branches.0.action.node',
      text('IVR_NODE_UNKNOWN', EN),
    );
    const twice = [{ ...nodes[0]!, branches: [nodes[0]!.branches[0]!, nodes[0]!.branches[0]!] }, nodes[1]!];
    expectFieldError(
      await call('customer', 'POST', '/voip/ivrFlow/add', {
        body: { name: uniqueName('f'), nodes: twice },
        locale: ZH,
      }),
      'nodes.0.branches.1.key',
      text('IVR_KEY_TAKEN', ZH),
    );
    expectFieldError(
      await call('customer', 'POST', '/voip/ivrFlow/add', {
        body: { name: uniqueName('f'), nodes: [nodes[1], nodes[1]] },
      }),
      'nodes.1.id',
      text('IVR_NODE_ID_TAKEN', EN),
    );
    expectFieldError(
      await call('customer', 'POST', '/voip/ivrFlow/add', {
        body: {
          name: uniqueName('f'),
          nodes: [{ ...nodes[1]!, noKey: { type: 'transfer', number: '12ab' } }],
        },
      }),
      'nodes.0.noKey.number',
      text('IVR_TRANSFER_NUMBER_INVALID', EN),
    );
    expectFieldError(
      await call('customer', 'POST', '/voip/ivrFlow/add', { body: { name: uniqueName('f'), nodes: [] } }),
      'nodes',
      /.+/,
    );
    const theirs = expectOk(
      await upload(
        'customer2',
        { name: uniqueName('theirs') },
        { bytes: stereoWav(8000, 0.1), name: 't.wav' },
      ),
    );
    expectError(
      await call('customer', 'POST', '/voip/ivrFlow/add', {
        body: { name: uniqueName('f'), nodes: yesNo(String(theirs.id)) },
      }),
      400,
      'IVR_PROMPT_NOT_FOUND',
    );
    const name = uniqueName('dup');
    expectOk(await call('customer', 'POST', '/voip/ivrFlow/add', { body: { name, nodes: yesNo(null) } }));
    expectError(
      await call('customer', 'POST', '/voip/ivrFlow/add', { body: { name, nodes: yesNo(null) } }),
      409,
      'IVR_FLOW_NAME_TAKEN',
    );
  });
});

describe('demo', () => {
  it('seeds welcome prompts in English and Chinese and a "press 1 for yes, 2 for no" flow for the demo customer', async () => {
    const files = expectOk(
      await call<Page<IvrFile>>('customer', 'GET', '/voip/ivrFile/list', { query: { name: 'welcome_' } }),
    );
    const byName = new Map(files.records.map((f) => [f.name, f]));
    expect(byName.get('welcome_en')).toMatchObject({ source: 'tts', language: 'en' });
    expect(byName.get('welcome_zh')).toMatchObject({ source: 'tts', language: 'zh' });
    expect(byName.get('welcome_en')!.durationMs).toBeGreaterThan(2000);
    // Seeded from the shipped renderings, which went into the TTS cache: the same words asked
    // for again are answered from it (no synthesis, no new cache row).
    const shipped = readManifest();
    expect(byName.get('welcome_en')!.durationMs).toBe(
      shipped.find((e) => e.name === 'welcome_en')!.durationMs,
    );
    const cacheRows = async () =>
      Number(
        rowsOf<{ n: number }>(
          await s().app.platform.db.execute(sql`select count(*)::int as n from ivr_tts_cache`),
        )[0]!.n,
      );
    const before = await cacheRows();
    const again = expectOk(
      await tts('customer', {
        name: uniqueName('welcome_again'),
        text: DEMO_IVR.files[1].text,
        language: 'zh',
      }),
    );
    expect(again.durationMs).toBe(shipped.find((e) => e.name === 'welcome_zh')!.durationMs);
    expect(await cacheRows()).toBe(before);
    const flows = expectOk(
      await call<Page<IvrFlow>>('customer', 'GET', '/voip/ivrFlow/list', { query: { name: 'yes_or_no_en' } }),
    );
    expect(flows.records).toHaveLength(1);
    const plan = await s().app.services.ivr.planOf(String(flows.records[0]!.id));
    expect(plan.nodes.menu?.prompt?.name).toBe('welcome_en');
    expect(plan.nodes.menu?.branches['1']).toEqual({ type: 'end', result: 'yes' });
    expect(plan.nodes.menu?.branches['2']).toEqual({ type: 'end', result: 'no' });
  });
});
