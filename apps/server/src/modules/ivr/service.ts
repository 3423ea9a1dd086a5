import { createHash } from 'node:crypto';
import {
  IVR_AUDIO_MAX_MS,
  type IvrFlowEdit,
  type IvrFlowInput,
  type IvrLanguage,
  type IvrNode,
  type IvrPlan,
  type IvrPlanNode,
  type ivrFlowEditSchema,
  type ivrFlowInputSchema,
  type ivrTtsInputSchema,
  type ivrUploadQuerySchema,
  type Page,
  type PageQuery,
} from '@switchboard/contracts';
import {
  synthesizeWav,
  type TelephonyAudio,
  telephonyToWav,
  toTelephonyOffThread,
  transcode,
  WavError,
} from '@switchboard/voice';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/access';
import { type Db, uniqueViolationOf, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { paginate } from '../../platform/paging';
import { readDemoPrompt } from './demo-prompts';
import { type FileFilters, type FileHead, type FlowFilters, type FlowRow, IvrRepo } from './repo';

type TtsInput = z.output<typeof ivrTtsInputSchema>;
type UploadQuery = z.output<typeof ivrUploadQuerySchema>;
type FlowInput = z.output<typeof ivrFlowInputSchema>;
type FlowEdit = z.output<typeof ivrFlowEditSchema>;

export type FileView = Omit<FileHead, 'createdBy'> & { companyName: string };
export type FlowView = Omit<FlowRow, 'createdBy'> & { companyName: string };

/** What text-to-speech runs on: the cache key names it, so another engine never answers from its cache. */
export const TTS_ENGINE = 'espeak-ng-wasm-1.0.2';
const NOT_FOUND = () => new AppError('NOT_FOUND', 404);

/** Control characters and lone surrogates say nothing: spaces and U+FFFD instead. */
const speakable = (raw: string) => raw.replace(/\p{Cc}/gu, ' ').replace(/\p{Cs}/gu, '\uFFFD');

/** The TTS cache's key: sha256 of engine, language and text. */
const ttsCacheKey = (language: IvrLanguage, text: string) =>
  createHash('sha256').update(`${TTS_ENGINE}\n${language}\n${text}`).digest('hex');

/** The demo's prompts and flows (seeded for the demo customer). */
export const DEMO_IVR = {
  files: [
    { name: 'welcome_en', language: 'en', text: 'Welcome to Switchboard. Press 1 for yes. Press 2 for no.' },
    { name: 'welcome_zh', language: 'zh', text: '欢迎致电总机。是请按1，否请按2。' },
  ],
  flows: [
    { name: 'yes_or_no_en', file: 'welcome_en' },
    { name: 'yes_or_no_zh', file: 'welcome_zh' },
  ],
} as const;

/** The "press 1 for yes, 2 for no" tree around one prompt. */
export function yesNoNodes(fileId: string): IvrNode[] {
  return [
    {
      id: 'menu',
      fileId,
      repeat: 2,
      timeoutS: 5,
      branches: [
        { key: '1', action: { type: 'end', result: 'yes' } },
        { key: '2', action: { type: 'end', result: 'no' } },
      ],
      noKey: { type: 'end', result: 'no_key' },
    },
  ];
}

/**
 * IVR files (wav uploads and text-to-speech, kept as 8 kHz µ-law with their duration) and IVR
 * flows, in the callers' data scope: a company's users their own, resellers their customers',
 * staff every company's (sales: theirs). `planOf` hands the call engine a flow with its audio.
 */
export class IvrService {
  private readonly repo: IvrRepo;

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'companies'>,
    private readonly log?: Logger,
  ) {
    this.repo = new IvrRepo(db);
  }

  private async views<T extends { companyId: string; createdBy: string | null }>(
    rows: T[],
  ): Promise<(Omit<T, 'createdBy'> & { companyName: string })[]> {
    const names = await this.services.companies.namesOf([...new Set(rows.map((r) => r.companyId))]);
    return rows.map(({ createdBy: _, ...r }) => ({ ...r, companyName: names.get(r.companyId) ?? '' }));
  }

  // --- files ---

  async listFiles(auth: AuthContext, query: PageQuery & FileFilters): Promise<Page<FileView>> {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const page = await paginate(
      query,
      () => this.repo.countFiles(scope, query),
      (limit, offset) => this.repo.listFiles(scope, query, limit, offset),
    );
    return { ...page, records: await this.views(page.records) };
  }

  async getFile(auth: AuthContext, id: string): Promise<FileView> {
    const row = await this.services.companies.objectInScope(auth, await this.repo.fileHead(id));
    return (await this.views([row]))[0]!;
  }

  /** A file's audio as a 16-bit PCM WAV (what a browser's `<audio>` plays). */
  async fileWav(auth: AuthContext, id: string): Promise<Uint8Array> {
    const [row] = await this.repo.filesByIds([id]);
    const file = await this.services.companies.objectInScope(auth, row);
    return telephonyToWav(file.audio, 'PCMU');
  }

  /** µ-law audio of `text`, from the cache or synthesised (and then cached). */
  async speak(raw: string, language: IvrLanguage): Promise<{ audio: Uint8Array; durationMs: number }> {
    const text = speakable(raw);
    const hash = ttsCacheKey(language, text);
    const hit = await this.repo.cached(hash);
    if (hit) return hit;
    let wav: Uint8Array;
    try {
      wav = await synthesizeWav(text, language);
    } catch (error) {
      this.log?.error({ err: error }, 'text-to-speech failed');
      throw new AppError('IVR_TTS_FAILED', 503);
    }
    // Resampling minutes of speech takes seconds of CPU: in the audio worker thread.
    const { audio, durationMs } = await toTelephonyOffThread(wav, 'PCMU');
    await this.repo.cache({ hash, language, audio: Buffer.from(audio), durationMs });
    return { audio, durationMs };
  }

  private async insertFile(values: Parameters<IvrRepo['insertFile']>[0]): Promise<FileView> {
    try {
      return (await this.views([await this.repo.insertFile(values)]))[0]!;
    } catch (error) {
      if (uniqueViolationOf(error) === 'ivr_files_company_name_uq')
        throw new AppError('IVR_FILE_NAME_TAKEN', 409);
      throw error;
    }
  }

  async createTts(auth: AuthContext, input: TtsInput): Promise<FileView> {
    const companyId = await this.services.companies.targetOf(auth, input.companyId);
    // A taken name is refused before seconds of synthesis (the unique index still decides a race).
    if (await this.repo.fileByName(companyId, input.name)) throw new AppError('IVR_FILE_NAME_TAKEN', 409);
    const { audio, durationMs } = await this.speak(input.text, input.language);
    return this.insertFile({
      companyId,
      name: input.name,
      source: 'tts',
      language: input.language,
      text: input.text,
      durationMs,
      audio: Buffer.from(audio),
      createdBy: auth.user.id,
    });
  }

  async upload(
    auth: AuthContext,
    query: UploadQuery,
    wav: Uint8Array,
    originalName: string,
  ): Promise<FileView> {
    const companyId = await this.services.companies.targetOf(auth, query.companyId);
    if (await this.repo.fileByName(companyId, query.name)) throw new AppError('IVR_FILE_NAME_TAKEN', 409);
    let converted: TelephonyAudio;
    try {
      converted = await toTelephonyOffThread(wav, 'PCMU');
    } catch (error) {
      if (error instanceof WavError)
        throw new AppError(error.reason === 'no_audio' ? 'IVR_FILE_EMPTY' : 'IVR_FILE_NOT_WAV', 400);
      throw error;
    }
    if (converted.audio.length === 0) throw new AppError('IVR_FILE_EMPTY', 400);
    if (converted.durationMs > IVR_AUDIO_MAX_MS)
      throw new AppError('IVR_FILE_TOO_LONG', 400, { max: IVR_AUDIO_MAX_MS / 60_000 });
    return this.insertFile({
      companyId,
      name: query.name,
      source: 'upload',
      language: query.language,
      originalName: originalName.slice(0, 255),
      durationMs: converted.durationMs,
      audio: Buffer.from(converted.audio),
      createdBy: auth.user.id,
    });
  }

  /** Deletes every one of `ids` in the caller's scope, or none; a file a flow plays is refused. */
  async deleteFiles(auth: AuthContext, ids: string[]): Promise<number> {
    return withTransaction(this.db, async () => {
      await this.services.companies.objectsInScope(auth, ids, await this.repo.lockFiles(ids));
      const flow = await this.repo.flowUsing(ids);
      if (flow) throw new AppError('IVR_FILE_IN_USE', 409, { flow: flow.name });
      return this.repo.deleteFiles(ids);
    });
  }

  // --- flows ---

  async listFlows(auth: AuthContext, query: PageQuery & FlowFilters): Promise<Page<FlowView>> {
    const scope = await this.services.companies.scopeFor(auth, query.companyId);
    const page = await paginate(
      query,
      () => this.repo.countFlows(scope, query),
      (limit, offset) => this.repo.listFlows(scope, query, limit, offset),
    );
    return { ...page, records: await this.views(page.records) };
  }

  async getFlow(auth: AuthContext, id: string): Promise<FlowView> {
    const row = await this.services.companies.objectInScope(auth, await this.repo.flow(id));
    return (await this.views([row]))[0]!;
  }

  /** Every prompt is a file of the flow's company, kept from deletion until the transaction ends. */
  private async checkPrompts(companyId: string, nodes: IvrNode[]) {
    const ids = [...new Set(nodes.map((n) => n.fileId).filter((id): id is string => id !== null))];
    const files = await this.repo.lockFilesShared(ids);
    const ours = new Set(files.filter((f) => f.companyId === companyId).map((f) => f.id));
    if (ids.some((id) => !ours.has(id))) throw new AppError('IVR_PROMPT_NOT_FOUND', 400);
  }

  private async savingFlow<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await withTransaction(this.db, work);
    } catch (error) {
      if (uniqueViolationOf(error) === 'ivr_flows_company_name_uq')
        throw new AppError('IVR_FLOW_NAME_TAKEN', 409);
      throw error;
    }
  }

  async addFlow(auth: AuthContext, input: FlowInput | IvrFlowInput): Promise<FlowView> {
    const companyId = await this.services.companies.targetOf(auth, input.companyId);
    const nodes = input.nodes as IvrNode[];
    const row = await this.savingFlow(async () => {
      await this.checkPrompts(companyId, nodes);
      return this.repo.insertFlow({
        companyId,
        name: input.name,
        remark: input.remark ?? null,
        nodes,
        createdBy: auth.user.id,
      });
    });
    return (await this.views([row]))[0]!;
  }

  async editFlow(auth: AuthContext, input: FlowEdit | IvrFlowEdit): Promise<FlowView> {
    const current = await this.services.companies.objectInScope(auth, await this.repo.flow(input.id));
    const nodes = input.nodes as IvrNode[];
    const row = await this.savingFlow(async () => {
      await this.checkPrompts(current.companyId, nodes);
      return this.repo.updateFlow(current.id, { name: input.name, remark: input.remark ?? null, nodes });
    });
    if (!row) throw NOT_FOUND();
    return (await this.views([row]))[0]!;
  }

  async deleteFlows(auth: AuthContext, ids: string[]): Promise<number> {
    return withTransaction(this.db, async () => {
      await this.services.companies.objectsInScope(auth, ids, await this.repo.flowsByIds(ids));
      return this.repo.deleteFlows(ids);
    });
  }

  // --- what the call engine runs ---

  /**
   * A flow as the call engine runs it, with each prompt's audio in `codec`. With `companyId`,
   * a flow of another company is not found (a task may only play its own company's flows).
   */
  /** Whether `flowId` is one of `companyId`'s flows (a group call task's check when it is saved). */
  async ownsFlow(companyId: string, flowId: string): Promise<boolean> {
    return (await this.repo.flow(flowId))?.companyId === companyId;
  }

  async planOf(
    flowId: string,
    options: { codec?: 'PCMU' | 'PCMA'; companyId?: string } = {},
  ): Promise<IvrPlan> {
    const flow = await this.repo.flow(flowId);
    if (!flow || (options.companyId && flow.companyId !== options.companyId)) throw NOT_FOUND();
    return this.plan(flow.id, flow.name, flow.nodes, options.codec ?? 'PCMU');
  }

  /** One file played once as a plan (a task with a prompt and no key branches). */
  async planOfFile(
    fileId: string,
    options: { codec?: 'PCMU' | 'PCMA'; companyId?: string } = {},
  ): Promise<IvrPlan> {
    const [file] = await this.repo.filesByIds([fileId]);
    if (!file || (options.companyId && file.companyId !== options.companyId)) throw NOT_FOUND();
    const nodes: IvrNode[] = [
      { id: 'play', fileId, repeat: 1, timeoutS: 1, branches: [], noKey: { type: 'end', result: '' } },
    ];
    return this.plan(null, file.name, nodes, options.codec ?? 'PCMU');
  }

  private async plan(
    flowId: string | null,
    name: string,
    nodes: IvrNode[],
    codec: 'PCMU' | 'PCMA',
  ): Promise<IvrPlan> {
    const ids = [...new Set(nodes.map((n) => n.fileId).filter((id): id is string => id !== null))];
    const files = new Map((await this.repo.filesByIds(ids)).map((f) => [f.id, f]));
    const out: Record<string, IvrPlanNode> = {};
    for (const node of nodes) {
      const file = node.fileId ? files.get(node.fileId) : undefined;
      out[node.id] = {
        id: node.id,
        prompt: file
          ? {
              fileId: file.id,
              name: file.name,
              audio: transcode(new Uint8Array(file.audio), 'PCMU', codec),
              durationMs: file.durationMs,
            }
          : null,
        repeat: node.repeat,
        timeoutMs: node.timeoutS * 1000,
        branches: Object.fromEntries(node.branches.map((b) => [b.key, b.action])),
        noKey: node.noKey,
      };
    }
    return { flowId, name, codec, start: nodes[0]!.id, nodes: out };
  }

  // --- demo ---

  /** The demo's welcome prompts (English, Chinese) and "press 1 for yes, 2 for no" flows. */
  async seedDemo(companyId: string): Promise<void> {
    const fileIds = new Map<string, string>();
    for (const f of DEMO_IVR.files) {
      const existing = await this.repo.fileByName(companyId, f.name);
      if (existing) {
        fileIds.set(f.name, existing.id);
        continue;
      }
      try {
        // Shipped pre-rendered (demo-prompts.ts): into the TTS cache, where speak() finds them.
        const shipped = readDemoPrompt({ ...f, engine: TTS_ENGINE });
        if (shipped)
          await this.repo.cache({
            hash: ttsCacheKey(f.language, speakable(f.text)),
            language: f.language,
            audio: Buffer.from(shipped.audio),
            durationMs: shipped.durationMs,
          });
        else
          this.log?.warn(
            `demo IVR file ${f.name}: no pre-rendered prompt for its text (npm run demo:prompts)`,
          );
        const { audio, durationMs } = await this.speak(f.text, f.language);
        const row = await this.repo.insertFile({
          companyId,
          name: f.name,
          source: 'tts',
          language: f.language,
          text: f.text,
          durationMs,
          audio: Buffer.from(audio),
        });
        fileIds.set(f.name, row.id);
      } catch (error) {
        // The demo starts without its prompts rather than not at all.
        this.log?.warn({ err: error }, `demo IVR file ${f.name} not made`);
      }
    }
    for (const flow of DEMO_IVR.flows) {
      const fileId = fileIds.get(flow.file);
      if (!fileId || (await this.repo.flowByName(companyId, flow.name))) continue;
      await this.repo.insertFlow({
        companyId,
        name: flow.name,
        remark: 'Press 1 for yes, 2 for no',
        nodes: yesNoNodes(fileId),
      });
    }
  }
}
